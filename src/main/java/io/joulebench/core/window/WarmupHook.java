package io.joulebench.core.window;

/**
 * Runs once before a level's traffic starts. A failure propagates before any window opens (a warmup traffic error
 * aborts the session, which the session driver decides).
 */
@FunctionalInterface
public interface WarmupHook {

    WarmupHook NONE = (levelIndex, spec) -> { };

    void beforeLevel(int levelIndex, WindowSpec spec) throws InterruptedException;
}
