package io.joulebench.core.warmup;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.window.TrafficSourceFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Warmup traffic for tests: reports {@code completed} requests with the given status to the warmup's counter when
 * created (on the caller's thread, so the count is deterministic), then its run blocks until cancelled, returns
 * at once, or throws. {@link #finished} opens when the run is over, for {@link GatedClock}.
 */
final class FakeWarmupTraffic implements TrafficSource, TrafficSourceFactory {

    enum Ending { BLOCK_UNTIL_CANCELLED, RETURN, THROW }

    private final int completed;
    private final RequestStatus status;
    private final Ending ending;
    final AtomicInteger created = new AtomicInteger();
    final AtomicInteger cancelled = new AtomicInteger();
    final CountDownLatch finished = new CountDownLatch(1);
    volatile double horizonSeconds;
    volatile Thread runner;
    volatile RequestListener listener;

    FakeWarmupTraffic(int completed, RequestStatus status, Ending ending) {
        this.completed = completed;
        this.status = status;
        this.ending = ending;
    }

    @Override
    public TrafficSource create(RequestListener listener, double horizon) {
        created.incrementAndGet();
        horizonSeconds = horizon;
        this.listener = listener;
        for (int i = 0; i < completed; i++) {
            listener.onTerminal(new RequestRecord(i, 0, 0L, 1L, status, null, CompletionResult.EMPTY));
        }
        return this;
    }

    @Override
    public IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        runner = Thread.currentThread();
        try {
            switch (ending) {
                case THROW -> throw new IllegalStateException("connection refused");
                case BLOCK_UNTIL_CANCELLED -> {
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        cancelled.incrementAndGet();
                        throw e;
                    }
                }
                default -> { }
            }
            return new IssuerReport(completed, completed, 0, 0, 0, null, 0, IssuerReport.LatencySummary.EMPTY,
                    List.of());
        } finally {
            finished.countDown();
        }
    }
}
