package io.joulebench.app.results;

import java.nio.file.Path;

/**
 * Runs a {@link WindowsExport} for the results view model: the workbench runs it as a JavaFX task in the background
 * ({@link TaskExportRunner}); tests run it {@link #direct() directly}. Callbacks come on the UI thread.
 */
@FunctionalInterface
public interface ExportRunner {

    /** What the view model hears of an export, on the UI thread. */
    interface Callbacks {
        void progress(double fraction);

        void succeeded(Path written);

        void failed(Throwable cause);
    }

    void start(WindowsExport export, Callbacks callbacks);

    /** Writes on the calling thread and reports there (tests, where the caller is the "UI thread"). */
    static ExportRunner direct() {
        return (export, callbacks) -> {
            Path written;
            try {
                written = export.write((done, total) -> callbacks.progress(total == 0 ? 1 : (double) done / total));
            } catch (Exception e) {
                callbacks.failed(e);
                return;
            }
            callbacks.succeeded(written);
        };
    }
}
