package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits for scheduled instants with low lateness: on the system clock it parks until {@code spinNanos} before the
 * instant, then spins on {@link Thread#onSpinWait()} (see docs/decisions/0001-open-loop-pacer.md for the numbers).
 * Any other clock (a virtual one in tests) is simply asked to {@link Clock#sleepUntil}.
 */
final class Pacer {

    /**
     * Chosen from the measurements in decision 0001: parking alone wakes ~80 µs late (timer slack); a 200 µs spin
     * window brings the median to ~3 µs for ~0.2 ms of CPU per instant.
     */
    static final long DEFAULT_SPIN_NANOS = 200_000L;

    private final Clock clock;
    private final boolean systemClock;
    private final long spinNanos;

    Pacer(Clock clock, long spinNanos) {
        if (spinNanos < 0) {
            throw new IllegalArgumentException("spinNanos must be ≥ 0 (got " + spinNanos + ")");
        }
        this.clock = clock;
        this.systemClock = clock == Clock.system();
        this.spinNanos = spinNanos;
    }

    Pacer(Clock clock) {
        this(clock, DEFAULT_SPIN_NANOS);
    }

    /** Returns once the clock reads ≥ {@code deadlineNanos}; at once when it already does. */
    void awaitInstant(long deadlineNanos) throws InterruptedException {
        if (!systemClock) {
            clock.sleepUntil(deadlineNanos);
            return;
        }
        long remaining;
        while ((remaining = deadlineNanos - clock.nanoTime()) > spinNanos) {
            LockSupport.parkNanos(remaining - spinNanos);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        while (clock.nanoTime() - deadlineNanos < 0) {
            Thread.onSpinWait();
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
