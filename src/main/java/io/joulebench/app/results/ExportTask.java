package io.joulebench.app.results;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvExporter;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Task;

/** Writes window rows to a CSV file off the UI thread, reporting progress per row; cancellable. */
public final class ExportTask extends Task<Path> {

    private final List<WindowRow> rows;
    private final Path target;

    public ExportTask(List<WindowRow> rows, Path target) {
        this.rows = List.copyOf(rows);
        this.target = target;
        updateTitle("Export " + rows.size() + " windows");
    }

    @Override
    protected Path call() throws Exception {
        updateMessage("Writing " + target.getFileName());
        Path written = WindowsCsvExporter.write(rows, target, (done, total) -> {
            if (isCancelled()) {
                throw new InterruptedIOException("export cancelled");
            }
            updateProgress(done, total);
        });
        updateProgress(rows.size(), Math.max(1, rows.size()));
        updateMessage("Wrote " + rows.size() + " windows to " + written.getFileName());
        return written;
    }
}
