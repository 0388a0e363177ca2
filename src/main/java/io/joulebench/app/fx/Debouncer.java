package io.joulebench.app.fx;

/**
 * Runs the latest submitted work once input has been quiet for a while (the FX version waits on the UI thread);
 * tests run it at once.
 */
@FunctionalInterface
public interface Debouncer {

    /** Replaces any work still waiting with {@code work}. */
    void submit(Runnable work);

    /** Runs work at once (tests). */
    static Debouncer direct() {
        return Runnable::run;
    }
}
