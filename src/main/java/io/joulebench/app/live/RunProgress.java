package io.joulebench.app.live;

import java.time.Duration;

/**
 * How far the run is: level i of N (1-based) at a rate, window j of K (1-based, 0 before the first), the warmup
 * state, the estimated time left (null when unknown) and the fraction done in [0, 1]. {@code sessions}: the rate is
 * sessions per second (a {@code task.sessions} level), not requests per second.
 */
public record RunProgress(int level, int levelCount, double rate, int window, int windowCount,
        WarmupState warmup, Duration eta, double fraction, boolean sessions) {

    public static final RunProgress NONE = new RunProgress(0, 0, Double.NaN, 0, 0, WarmupState.NOT_STARTED, null, 0);

    public RunProgress(int level, int levelCount, double rate, int window, int windowCount, WarmupState warmup,
                       Duration eta, double fraction) {
        this(level, levelCount, rate, window, windowCount, warmup, eta, fraction, false);
    }
}
