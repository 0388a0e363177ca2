package io.joulebench.core.warmup;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A virtual clock that holds its first sleep until a latch opens (at most 5 s of real time), so a warmup whose
 * traffic ends at once sees that end long before its virtual deadline, whatever the thread timing.
 */
final class GatedClock implements Clock {

    private final VirtualClock delegate;
    private final CountDownLatch gate;

    GatedClock(VirtualClock delegate, CountDownLatch gate) {
        this.delegate = delegate;
        this.gate = gate;
    }

    @Override
    public long nanoTime() {
        return delegate.nanoTime();
    }

    @Override
    public void sleepUntil(long deadlineNanos) throws InterruptedException {
        if (!gate.await(5, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the fake traffic never finished");
        }
        delegate.sleepUntil(deadlineNanos);
    }
}
