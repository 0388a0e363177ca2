package io.joulebench.core.results;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.window.RequestColumns;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every request row of every window bundle listed in {@code windows.csv}, in its order, with the window's
 * {@code experiment_id} prepended, written with {@link CsvWriter}: the id is text (neutralised), the request columns
 * keep their {@link RequestColumns} kinds. A bundle written before a column existed gets empty cells for it.
 */
public final class RequestsExport {

    private RequestsExport() {
    }

    public static List<String> columns() {
        List<String> columns = new ArrayList<>();
        columns.add(WindowsCsvColumns.EXPERIMENT_ID);
        columns.addAll(RequestColumns.TABLE.names());
        return columns;
    }

    public static void write(Path resultsDir, WindowsCsvTable table, Writer out) throws IOException {
        List<String> columns = columns();
        CsvWriter csv = new CsvWriter(out, c -> c.equals(WindowsCsvColumns.EXPERIMENT_ID) ? Kind.TEXT : RequestColumns.TABLE.kind(c));
        csv.writeHeader(columns);
        for (WindowRow row : table.rows()) {
            String id = row.experimentId();
            Path file = resultsDir.resolve(id).resolve(BundleWriter.REQUESTS);
            if (!Reconciler.isWindowId(id) || !Files.isRegularFile(file)) {
                continue;
            }
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                CsvReader reader = new CsvReader(in);
                reader.readRecord(); // the bundle's header
                List<String> record;
                while ((record = reader.readRecord()) != null) {
                    List<Object> values = new ArrayList<>(record.size() + 1);
                    values.add(id);
                    values.addAll(record);
                    while (values.size() < columns.size()) {
                        values.add(null);
                    }
                    csv.writeRow(values);
                }
            }
        }
        csv.flush();
    }

    /** Writes the export to {@code file} atomically (streamed to a temp file beside it, forced, renamed). */
    public static void write(Path resultsDir, WindowsCsvTable table, Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        Path tmp = AtomicFiles.newTempFile(target.getParent(), AtomicFiles.TEMP_PREFIX + target.getFileName());
        try {
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(resultsDir, table, out);
            }
            AtomicFiles.sync(tmp);
            AtomicFiles.move(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
