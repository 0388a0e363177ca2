package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A {@code windows.csv} read into rows: its header (the known columns plus any extras) and one row per window. */
public record WindowsCsvTable(List<String> columns, List<WindowRow> rows) {

    public static final String FILE_NAME = "windows.csv";

    public WindowsCsvTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** Reads {@code windows.csv} from a results folder. */
    public static WindowsCsvTable readFolder(Path resultsFolder) throws IOException {
        Path file = resultsFolder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "not a results folder: it has no " + FILE_NAME);
        }
        return read(file);
    }

    public static WindowsCsvTable read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in);
        }
    }

    /**
     * Reads CSV text whose first record is the header. A file cut short by a crash may end in a partial row; rows
     * are appended whole, so a row with fewer cells than the header is kept with its missing cells empty.
     */
    public static WindowsCsvTable read(Reader in) throws IOException {
        CsvReader reader = new CsvReader(in);
        List<String> header = reader.readRecord();
        if (header == null) {
            return new WindowsCsvTable(WindowsCsvColumns.ALL, List.of());
        }
        if (!header.isEmpty() && header.get(0).startsWith("\uFEFF")) {
            header.set(0, header.get(0).substring(1));
        }
        List<WindowRow> rows = new ArrayList<>();
        List<String> record;
        while ((record = reader.readRecord()) != null) {
            rows.add(WindowRow.of(header, record));
        }
        return new WindowsCsvTable(header, rows);
    }
}
