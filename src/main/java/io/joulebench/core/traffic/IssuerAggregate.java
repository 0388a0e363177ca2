package io.joulebench.core.traffic;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Folds terminal records into counts and a dispatch-delay histogram as they arrive, so the issuer keeps O(1) state
 * per finished request. Thread-safe: dispatch threads call {@link #add} concurrently.
 */
final class IssuerAggregate {

    /** A dispatch delay above this marks a request as held back by the concurrency cap. */
    static final long CAP_BOUND_TOLERANCE_NANOS = 10_000_000L;

    private final Histogram dispatchDelays = new Histogram(3);
    private final Histogram writeDelays = new Histogram(3);
    /** Later conversation turns: dispatch behind the instant each became ready, apart from the open-loop delays. */
    private final Histogram turnDelays = new Histogram(3);
    private long maxTurnDelay;
    private long maxWriteDelay;
    private int completed;
    private int errors;
    private int timeouts;
    private int capBound;
    private int retried;
    private long maxDelay;

    synchronized void add(RequestRecord record) {
        switch (record.status()) {
            case OK -> completed++;
            case ERROR -> {
                completed++;
                errors++;
            }
            case TIMEOUT -> timeouts++;
        }
        if (record.result().retried()) {
            retried++;
        }
        Long written = record.writeLatenessNanos();
        if (written != null) {
            long clamped = Math.max(0L, written);
            writeDelays.recordValue(clamped);
            maxWriteDelay = Math.max(maxWriteDelay, clamped);
        }
        Long delay = record.dispatchDelayNanos();
        SessionTurn turn = record.workload().session();
        if (turn != null && !turn.first()) {
            if (delay != null) {
                long clamped = Math.max(0L, delay);
                turnDelays.recordValue(clamped);
                maxTurnDelay = Math.max(maxTurnDelay, clamped);
            }
            return;
        }
        if (delay == null) {
            capBound++;
            return;
        }
        long clamped = Math.max(0L, delay);
        dispatchDelays.recordValue(clamped);
        maxDelay = Math.max(maxDelay, clamped);
        if (clamped > CAP_BOUND_TOLERANCE_NANOS) {
            capBound++;
        }
    }

    synchronized IssuerReport report(int issued, long issuanceNanos, Integer cap, RequestRecord[] retained,
                                     PacerPriority pacerPriority) {
        List<RequestRecord> records = new ArrayList<>();
        if (retained != null) {
            for (RequestRecord r : retained) {
                if (r != null) {
                    records.add(r);
                }
            }
        }
        double capBoundFraction = cap == null || issued == 0 ? 0.0 : (double) capBound / issued;
        return new IssuerReport(issued, completed, errors, timeouts, issuanceNanos, cap, capBoundFraction,
                summary(dispatchDelays, maxDelay), records, retried, summary(writeDelays, maxWriteDelay),
                summary(turnDelays, maxTurnDelay), pacerPriority);
    }

    private static IssuerReport.LatencySummary summary(Histogram delays, long max) {
        long n = delays.getTotalCount();
        if (n == 0) {
            return IssuerReport.LatencySummary.EMPTY;
        }
        return new IssuerReport.LatencySummary(n,
                Math.min(max, delays.getValueAtPercentile(50.0)),
                Math.min(max, delays.getValueAtPercentile(99.0)),
                Math.min(max, delays.getValueAtPercentile(99.9)),
                max);
    }
}
