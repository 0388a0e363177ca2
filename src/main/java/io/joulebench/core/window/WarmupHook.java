package io.joulebench.core.window;

/**
 * Runs once before a level's traffic starts. A failure propagates before any window opens (a warmup traffic error
 * aborts the session, which the session driver decides).
 */
@FunctionalInterface
public interface WarmupHook {

    WarmupHook NONE = (levelIndex, spec) -> { };

    void beforeLevel(int levelIndex, WindowSpec spec) throws InterruptedException;

    /**
     * The spec the level's windows run with, asked once after {@link #beforeLevel} and before the traffic starts, and
     * never again: a window length chosen from the warmup (#23) is fixed before any window opens. {@code spec}
     * unless a hook chooses.
     */
    default WindowSpec windowSpec(int levelIndex, WindowSpec spec) {
        return spec;
    }
}
