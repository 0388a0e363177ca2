package io.joulebench.core.window;

/**
 * Progress of a level, reported as it happens on the window manager's thread. Implementations return quickly. The
 * events only observe: an exception thrown here is logged and ignored, so a broken view cannot break a measurement.
 */
public interface WindowListener {

    WindowListener NONE = new WindowListener() {
    };

    default void levelStarted(int levelIndex, WindowSpec spec) {
    }

    default void rampFinished(int levelIndex, long spanStartNanos) {
    }

    default void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
    }

    /** A {@link WindowRecord#provisional() provisional} snapshot: in-flight requests may still add tokens. */
    default void windowClosed(WindowRecord record) {
    }

    default void levelValidated(LevelOutcome outcome) {
    }

    default void levelAborted(AbortedLevel aborted) {
    }
}
