package io.joulebench.core.window;

/**
 * A level that failed once its windows had started. Its cause is the original failure (an
 * {@link InterruptedException} for a cancellation, in which case the thread's interrupt flag is set again).
 */
public class AbortedLevelException extends Exception {

    private final transient AbortedLevel abortedLevel;

    public AbortedLevelException(AbortedLevel abortedLevel, Throwable cause) {
        super("level " + abortedLevel.levelIndex() + " " + abortedLevel.reason(), cause);
        this.abortedLevel = abortedLevel;
    }

    public AbortedLevel abortedLevel() {
        return abortedLevel;
    }
}
