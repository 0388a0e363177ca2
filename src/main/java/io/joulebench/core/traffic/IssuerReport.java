package io.joulebench.core.traffic;

import java.util.List;

/**
 * What one run of a traffic source did.
 *
 * @param issuedCount           requests issued (the schedule length)
 * @param completedCount        requests with a {@code completedAt}: ok and error (timeouts are not completed)
 * @param errorCount            requests whose transport raised
 * @param timeoutCount          requests cancelled at the drain timeout, dispatched or not
 * @param issuanceDurationNanos from the origin to the last issue (a stalled transport does not inflate it)
 * @param concurrencyCap        the cap, or null when uncapped
 * @param capBoundFraction      requests whose dispatch delay exceeded 10 ms or that were never dispatched, over all
 *                              requests; 0 when uncapped or empty
 * @param dispatchLateness      {@code dispatchedAt − issuedAt} over dispatched requests
 * @param records               every record in issue order when the source was asked to keep them, else empty
 * @param retriedCount          requests sent a second time because their first attempt met a connection the server
 *                              had closed ({@link CompletionResult#retried()})
 * @param writeLateness         strict lateness, {@code writtenAt − issuedAt}, over requests whose transport wrote them
 *                              on the issuer's thread ({@link ScheduledTransport}); empty for the others
 * @param turnLateness          conversation turns after the first ({@link SessionSource}): dispatch behind the instant
 *                              each became ready (the previous reply's end plus the think time); kept apart from
 *                              {@code dispatchLateness}, which holds only open-loop instants; empty without sessions
 * @param pacerPriority         the scheduling class the open-loop pacer thread ran in; null where no such thread ran
 *                              (sessions, a virtual clock)
 */
public record IssuerReport(int issuedCount, int completedCount, int errorCount, int timeoutCount,
                           long issuanceDurationNanos, Integer concurrencyCap, double capBoundFraction,
                           LatencySummary dispatchLateness, List<RequestRecord> records, int retriedCount,
                           LatencySummary writeLateness, LatencySummary turnLateness, PacerPriority pacerPriority) {

    public IssuerReport {
        records = List.copyOf(records);
        writeLateness = writeLateness == null ? LatencySummary.EMPTY : writeLateness;
        turnLateness = turnLateness == null ? LatencySummary.EMPTY : turnLateness;
    }

    public IssuerReport(int issuedCount, int completedCount, int errorCount, int timeoutCount,
                        long issuanceDurationNanos, Integer concurrencyCap, double capBoundFraction,
                        LatencySummary dispatchLateness, List<RequestRecord> records, int retriedCount,
                        LatencySummary writeLateness, LatencySummary turnLateness) {
        this(issuedCount, completedCount, errorCount, timeoutCount, issuanceDurationNanos, concurrencyCap,
                capBoundFraction, dispatchLateness, records, retriedCount, writeLateness, turnLateness, null);
    }

    public IssuerReport(int issuedCount, int completedCount, int errorCount, int timeoutCount,
                        long issuanceDurationNanos, Integer concurrencyCap, double capBoundFraction,
                        LatencySummary dispatchLateness, List<RequestRecord> records, int retriedCount,
                        LatencySummary writeLateness) {
        this(issuedCount, completedCount, errorCount, timeoutCount, issuanceDurationNanos, concurrencyCap,
                capBoundFraction, dispatchLateness, records, retriedCount, writeLateness, LatencySummary.EMPTY);
    }

    public IssuerReport(int issuedCount, int completedCount, int errorCount, int timeoutCount,
                        long issuanceDurationNanos, Integer concurrencyCap, double capBoundFraction,
                        LatencySummary dispatchLateness, List<RequestRecord> records, int retriedCount) {
        this(issuedCount, completedCount, errorCount, timeoutCount, issuanceDurationNanos, concurrencyCap,
                capBoundFraction, dispatchLateness, records, retriedCount, LatencySummary.EMPTY);
    }

    public IssuerReport(int issuedCount, int completedCount, int errorCount, int timeoutCount,
                        long issuanceDurationNanos, Integer concurrencyCap, double capBoundFraction,
                        LatencySummary dispatchLateness, List<RequestRecord> records) {
        this(issuedCount, completedCount, errorCount, timeoutCount, issuanceDurationNanos, concurrencyCap,
                capBoundFraction, dispatchLateness, records, 0);
    }

    /** Percentiles of a latency population in nanoseconds; all null when it is empty. */
    public record LatencySummary(long count, Long p50Nanos, Long p99Nanos, Long p999Nanos, Long maxNanos) {

        public static final LatencySummary EMPTY = new LatencySummary(0, null, null, null, null);
    }
}
