package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A {@code windows.csv} read into rows: its header (the known columns plus any extras) and one row per window. */
public record WindowsCsvTable(List<String> columns, List<WindowRow> rows) {

    public static final String FILE_NAME = "windows.csv";

    private static final Logger LOG = LoggerFactory.getLogger(WindowsCsvTable.class);

    public WindowsCsvTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /**
     * Reads {@code windows.csv} from a results folder: the one way every reader (export, compare, the results view)
     * gets a folder's windows. A file whose rows are not all whole ({@link WindowsCsvDamage}: a cut-off last row, a
     * wrong cell count, a number cell that is not a number) is never used: its windows are read from the credited
     * bundles instead, as {@code resume} rebuilds the file, without writing (a run may still be appending); where the
     * bundles cannot give them either, the file is refused with {@link DamagedWindowsCsvException}.
     *
     * @throws NoSuchFileException when the folder does not exist or has no windows.csv
     */
    public static WindowsCsvTable readFolder(Path resultsFolder) throws IOException {
        if (!Files.isDirectory(resultsFolder)) {
            throw new NoSuchFileException(resultsFolder.toString(), null, "no such folder");
        }
        Path file = resultsFolder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "not a results folder: it has no " + FILE_NAME);
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Optional<String> damage = WindowsCsvDamage.find(text);
        if (damage.isEmpty()) {
            return read(new StringReader(text));
        }
        Optional<String> rebuilt = Reconciler.creditedText(resultsFolder)
                .filter(t -> WindowsCsvDamage.find(t).isEmpty());
        if (rebuilt.isPresent()) {
            LOG.warn("{} is not whole ({}); read its windows from the bundles instead ('joulebench resume {}'"
                    + " rewrites the file)", file, damage.get(), resultsFolder);
            return read(new StringReader(rebuilt.get()));
        }
        throw new DamagedWindowsCsvException(file + " is not whole (" + damage.get() + "), so it was not used, and"
                + " the folder's bundles cannot rebuild it" + (Files.isRegularFile(resultsFolder.resolve(
                        Manifest.FILE_NAME)) ? "; run 'joulebench resume " + resultsFolder + "' to rerun what is"
                        + " missing" : " (it has no " + Manifest.FILE_NAME + "); restore the file from a whole copy"));
    }

    /** A windows.csv with a row that is not whole, which neither it nor the folder's bundles can give. */
    public static final class DamagedWindowsCsvException extends IOException {
        DamagedWindowsCsvException(String message) {
            super(message);
        }
    }

    public static WindowsCsvTable read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in);
        }
    }

    /**
     * Reads CSV text whose first record is the header, as it is (a row with fewer cells than the header is kept
     * with its missing cells empty): for a file a user hands over, such as an export; a results folder's file goes
     * through {@link #readFolder}, which refuses rows that are not whole.
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
