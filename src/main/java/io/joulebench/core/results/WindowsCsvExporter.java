package io.joulebench.core.results;

import io.joulebench.core.csv.CsvWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes window rows as a {@code windows.csv}-shaped file: the known columns in order, then any extra columns the
 * rows carry. Used by the workbench's Export and by {@code joulebench export}.
 */
public final class WindowsCsvExporter {

    /** Told after every row; lets a caller show progress or stop the export by throwing. */
    @FunctionalInterface
    public interface Progress {
        void rowsWritten(long done, long total) throws IOException;
    }

    private WindowsCsvExporter() {
    }

    /** The header for these rows: {@link WindowsCsvColumns#ALL} followed by extras in first-seen order. */
    public static List<String> columnsFor(List<WindowRow> rows) {
        Set<String> columns = new LinkedHashSet<>(WindowsCsvColumns.ALL);
        for (WindowRow row : rows) {
            columns.addAll(row.cells().keySet());
        }
        return List.copyOf(columns);
    }

    /** Writes a header and one line per row to {@code out}; does not close it. */
    public static void write(List<WindowRow> rows, Writer out, Progress progress) throws IOException {
        List<String> columns = columnsFor(rows);
        CsvWriter csv = new CsvWriter(out, WindowsCsvColumns::kind);
        csv.writeHeader(columns);
        long done = 0;
        for (WindowRow row : rows) {
            List<String> values = new ArrayList<>(columns.size());
            for (String column : columns) {
                values.add(row.text(column));
            }
            csv.writeRow(values);
            progress.rowsWritten(++done, rows.size());
        }
        csv.flush();
    }

    /** Writes the rows to a file atomically (a temp file beside it, then a rename); returns the file. */
    public static Path write(List<WindowRow> rows, Path file, Progress progress) throws IOException {
        Path target = file.toAbsolutePath();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path tmp = AtomicFiles.newTempFile(parent, AtomicFiles.TEMP_PREFIX + target.getFileName());
        try {
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(rows, out, progress);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }
}
