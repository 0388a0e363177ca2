package io.joulebench.app.live;

import java.time.Duration;

/**
 * How far the run is: level i of N (1-based, core's {@code StudyProgress}: the plan's cells, as the CLI counts them)
 * at a rate, window j of K (1-based, 0 before the first), the warmup state, the estimated time left (null when
 * unknown) and the fraction done in [0, 1]. {@code sessions}: the rate is sessions per second (a
 * {@code task.sessions} level), not requests per second. {@code row}: the level table's current row (0-based), whose
 * rate and windows these are; -1 when there is none.
 */
public record RunProgress(int level, int levelCount, double rate, int window, int windowCount,
        WarmupState warmup, Duration eta, double fraction, boolean sessions, int row) {

    public static final RunProgress NONE = new RunProgress(0, 0, Double.NaN, 0, 0, WarmupState.NOT_STARTED, null, 0);

    /** A study whose levels are the table's rows, one to one: the current row is level i's. */
    public RunProgress(int level, int levelCount, double rate, int window, int windowCount, WarmupState warmup,
                       Duration eta, double fraction, boolean sessions) {
        this(level, levelCount, rate, window, windowCount, warmup, eta, fraction, sessions, level - 1);
    }

    public RunProgress(int level, int levelCount, double rate, int window, int windowCount, WarmupState warmup,
                       Duration eta, double fraction) {
        this(level, levelCount, rate, window, windowCount, warmup, eta, fraction, false);
    }
}
