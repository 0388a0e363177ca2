package io.joulebench.app.results;

import java.util.concurrent.Executor;

/** Runs each export as an {@link ExportTask} on a background executor; the task's events arrive on the FX thread. */
public final class TaskExportRunner implements ExportRunner {

    private final Executor background;

    public TaskExportRunner(Executor background) {
        this.background = background;
    }

    @Override
    public void start(WindowsExport export, Callbacks callbacks) {
        ExportTask task = new ExportTask(export);
        task.progressProperty().addListener((o, a, b) -> {
            if (b.doubleValue() >= 0) {
                callbacks.progress(b.doubleValue());
            }
        });
        task.setOnSucceeded(e -> callbacks.succeeded(task.getValue()));
        task.setOnFailed(e -> callbacks.failed(task.getException()));
        task.setOnCancelled(e -> callbacks.failed(new java.util.concurrent.CancellationException("export cancelled")));
        background.execute(task);
    }
}
