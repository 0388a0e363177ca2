package io.joulebench.app.results;

import java.io.InterruptedIOException;
import java.nio.file.Path;
import javafx.concurrent.Task;

/** A {@link WindowsExport} off the UI thread, reporting progress per row; cancellable. */
public final class ExportTask extends Task<Path> {

    private final WindowsExport export;

    public ExportTask(WindowsExport export) {
        this.export = export;
        updateTitle("Export " + export.rows().size() + " windows");
    }

    @Override
    protected Path call() throws Exception {
        Path written = export.write((done, total) -> {
            if (isCancelled()) {
                throw new InterruptedIOException("export cancelled");
            }
            updateProgress(done, total);
        });
        updateProgress(1, 1);
        return written;
    }
}
