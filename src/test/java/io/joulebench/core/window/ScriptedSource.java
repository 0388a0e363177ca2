package io.joulebench.core.window;

import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.traffic.Transport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A traffic source that reports a fixed list of records (with chosen receipt times, past or future) to the
 * manager's listener synchronously when it is created, on the manager's thread, so every test sees the same
 * sequence whatever the thread timing. Its run then returns, throws, or blocks until cancelled. It never touches
 * the clock, so a {@link io.joulebench.core.time.VirtualClock} driven by the manager stays deterministic.
 */
final class ScriptedSource implements TrafficSource, TrafficSourceFactory {

    enum Ending { RETURN, THROW, BLOCK_UNTIL_CANCELLED }

    private final List<RequestRecord> records;
    private final Ending ending;
    final AtomicInteger runs = new AtomicInteger();
    final CountDownLatch cancelled = new CountDownLatch(1);
    volatile double horizonSeconds = Double.NaN;

    ScriptedSource(List<RequestRecord> records, Ending ending) {
        this.records = records;
        this.ending = ending;
    }

    static ScriptedSource returning(RequestRecord... records) {
        return new ScriptedSource(List.of(records), Ending.RETURN);
    }

    /** True once the manager has cancelled it, or cancelled it before its thread got to run it. */
    boolean cancelledOrNeverRan() throws InterruptedException {
        return runs.get() == 0 || cancelled.await(5, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Override
    public TrafficSource create(RequestListener l, double horizon) {
        this.horizonSeconds = horizon;
        records.forEach(l::onTerminal);
        return this;
    }

    @Override
    public IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        runs.incrementAndGet();
        switch (ending) {
            case THROW -> throw new IllegalStateException("issuer crashed");
            case BLOCK_UNTIL_CANCELLED -> {
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    cancelled.countDown();
                    throw e;
                }
            }
            default -> { }
        }
        int errors = (int) records.stream().filter(r -> r.status() == RequestStatus.ERROR).count();
        int timeouts = (int) records.stream().filter(r -> r.status() == RequestStatus.TIMEOUT).count();
        return new IssuerReport(records.size(), records.size() - timeouts, errors, timeouts, 0, null, 0.25,
                IssuerReport.LatencySummary.EMPTY, List.of());
    }
}
