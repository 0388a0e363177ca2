package io.joulebench.app.fx;

/**
 * Runs work on the UI thread. The FX implementation posts through {@code Platform.runLater}; tests run the work
 * directly on the calling thread, so view models are tested without a toolkit.
 */
@FunctionalInterface
public interface UiExecutor {

    void execute(Runnable work);

    /** Runs work at once on the caller's thread (tests, and code already on the UI thread). */
    static UiExecutor direct() {
        return Runnable::run;
    }
}
