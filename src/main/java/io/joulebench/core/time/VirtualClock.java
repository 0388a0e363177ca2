package io.joulebench.core.time;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A deterministic clock for tests: time moves only when a sleeper asks it to, or through {@link #advance}. Sleeping
 * jumps the clock forward to the deadline at once, so a level of several virtual minutes runs in milliseconds.
 */
public final class VirtualClock implements Clock {

    /** The wall time a virtual clock reads at nanosecond 0. */
    public static final java.time.Instant WALL_ORIGIN = java.time.Instant.parse("2026-01-01T00:00:00Z");

    private final AtomicLong now;

    public VirtualClock(long startNanos) {
        this.now = new AtomicLong(startNanos);
    }

    public static VirtualClock atSeconds(double seconds) {
        return new VirtualClock(Math.round(seconds * 1e9));
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    /** The virtual time as wall time: {@link #WALL_ORIGIN} plus the clock's nanoseconds. */
    @Override
    public java.time.Instant wallTime() {
        return WALL_ORIGIN.plusNanos(now.get());
    }

    @Override
    public void sleepUntil(long deadlineNanos) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        now.accumulateAndGet(deadlineNanos, Math::max);
    }

    public void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }
}
