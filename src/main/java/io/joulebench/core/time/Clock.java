package io.joulebench.core.time;

import java.time.Duration;

/**
 * The one monotonic clock behind every request and window timestamp. Times are nanoseconds with an arbitrary origin,
 * comparable only with other readings of the same clock.
 */
public interface Clock {

    long nanoTime();

    /** Blocks until {@link #nanoTime()} ≥ {@code deadlineNanos}; returns at once when it already is. */
    void sleepUntil(long deadlineNanos) throws InterruptedException;

    default void sleep(Duration duration) throws InterruptedException {
        sleepUntil(nanoTime() + duration.toNanos());
    }

    /** Seconds on this clock, for records and CSV (double keeps sub-microsecond resolution for ~100 days). */
    default double seconds() {
        return nanoTime() / 1e9;
    }

    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
