package io.joulebench.core.time;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/**
 * The one clock of the harness: the monotonic clock behind every request and window timestamp (nanoseconds with an
 * arbitrary origin, comparable only with other readings of the same clock), and the wall time stamped on results
 * (folder names, window start and end, manifest updates). Core reads time only through it, so a test's
 * {@link VirtualClock} drives both.
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

    /**
     * Polls {@code done} every {@code poll} until it holds or {@code timeout} has passed on this clock.
     *
     * @return whether {@code done} held before the timeout
     */
    default boolean awaitCondition(BooleanSupplier done, Duration timeout, Duration poll) throws InterruptedException {
        long deadline = nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            long left = deadline - nanoTime();
            if (left <= 0) {
                return false;
            }
            sleepUntil(nanoTime() + Math.min(left, poll.toNanos()));
        }
        return true;
    }

    /** The wall time now, for stamps in results; the system clock's by default. */
    default Instant wallTime() {
        return Instant.now();
    }

    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
