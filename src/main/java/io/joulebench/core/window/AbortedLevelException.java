package io.joulebench.core.window;

/**
 * A level that failed once its windows had started. Its cause is the original failure (an
 * {@link InterruptedException} for a cancellation, in which case the thread's interrupt flag is set again).
 * <p>
 * Its message names the level by its file index ({@code level_index 0: …}), never as a bare "level 0" that reads
 * as a display number: texts people read name the level through {@code core.study.DisplayNumber} (the session's
 * {@code LevelDriver} does), which this package cannot import without a package cycle (study needs window).
 */
public class AbortedLevelException extends Exception {

    private final transient AbortedLevel abortedLevel;

    public AbortedLevelException(AbortedLevel abortedLevel, Throwable cause) {
        super("level_index " + abortedLevel.levelIndex() + ": " + abortedLevel.reason(), cause);
        this.abortedLevel = abortedLevel;
    }

    public AbortedLevel abortedLevel() {
        return abortedLevel;
    }
}
