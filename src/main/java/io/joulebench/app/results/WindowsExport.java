package io.joulebench.app.results;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvExporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One CSV export of window rows through the same writer as {@code joulebench export}
 * ({@link WindowsCsvExporter}): plain Java, no toolkit, so the view model's export is tested by running it directly.
 */
public record WindowsExport(List<WindowRow> rows, Path target) {

    public WindowsExport {
        rows = List.copyOf(rows);
    }

    /** Writes the file (atomically: a temp file beside it, then a rename), telling {@code progress} after each row. */
    public Path write(WindowsCsvExporter.Progress progress) throws IOException {
        return WindowsCsvExporter.write(rows, target, progress);
    }
}
