package io.joulebench.core.warmup;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.util.concurrent.TimeUnit;

/**
 * A virtual clock whose sleeps wait (at most 5 s of real time) until the fake traffic's thread has ended, so a
 * warmup whose traffic ends at once sees that end long before its virtual deadline, whatever the thread timing.
 */
final class GatedClock implements Clock {

    private final VirtualClock delegate;
    private final FakeWarmupTraffic traffic;

    GatedClock(VirtualClock delegate, FakeWarmupTraffic traffic) {
        this.delegate = delegate;
        this.traffic = traffic;
    }

    @Override
    public long nanoTime() {
        return delegate.nanoTime();
    }

    @Override
    public void sleepUntil(long deadlineNanos) throws InterruptedException {
        if (!traffic.finished.await(5, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the fake traffic never finished");
        }
        traffic.runner.join(5000);    // its FutureTask has recorded the outcome once the thread is gone
        delegate.sleepUntil(deadlineNanos);
    }
}
