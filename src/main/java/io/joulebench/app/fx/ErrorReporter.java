package io.joulebench.app.fx;

/**
 * The one place a failure reaches the user: a short message naming the cause and what to do, with the stack trace
 * as expandable detail. Implementations log the failure once and may be called from any thread.
 */
@FunctionalInterface
public interface ErrorReporter {

    /**
     * @param message what went wrong and what to do, in one or two sentences
     * @param cause   the failure, shown as detail; may be null
     */
    void report(String message, Throwable cause);

    /** Installs this reporter as the fallback for exceptions no code caught, on every thread. */
    default void installAsUncaughtHandler() {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) ->
                report("Unexpected error on thread " + thread.getName() + ": " + ErrorMessages.describe(e)
                        + ". The workbench keeps running; save your work and report this if it repeats.", e));
    }
}
