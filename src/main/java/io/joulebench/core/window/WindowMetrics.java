package io.joulebench.core.window;

/**
 * Serving metrics of one window (spec §5.3), from the requests it owns and that were issued inside its span. All
 * latencies are drain-inclusive and on the shared monotonic clock.
 *
 * @param requestThroughputReqS          completed (ok) requests per second of span
 * @param inWindowCount                  requests issued inside the span, any status
 * @param completionRate                 completed / in-window, or null when none was issued
 * @param lengthTruncatedCount           completed requests whose finish reason was {@code length}
 * @param serverReportedClientTokenRatio Σ usage.completion_tokens / Σ client tokens over completed requests that
 *                                       reported usage; null when none did or their client total is 0
 * @param dispatchLateness               {@code dispatchedAt − issuedAt} of dispatched in-window requests
 * @param capBoundFraction               the level-wide cap-bound fraction from the issuer; null until the drain
 * @param slo                            the SLO overlay, or null when no SLO was set
 * @param fidelity                       delivered beside requested lengths of its completed requests (issue 30)
 * @param sessions                       conversations started and completed in the window, or null without a session
 *                                       workload (issue 32)
 */
public record WindowMetrics(double requestThroughputReqS, long completedCount, long errorCount, long timeoutCount,
                            long inWindowCount, Double completionRate, long lengthTruncatedCount,
                            LatencyPercentiles ttft, LatencyPercentiles tpot, LatencyPercentiles itl,
                            LatencyPercentiles e2e, Double serverReportedClientTokenRatio,
                            LatencyPercentiles dispatchLateness, Double capBoundFraction, SloResult slo,
                            ReplayFidelity fidelity, SessionCounts sessions) {

    public WindowMetrics {
        fidelity = fidelity == null ? ReplayFidelity.EMPTY : fidelity;
    }

    /** Metrics without conversations. */
    public WindowMetrics(double requestThroughputReqS, long completedCount, long errorCount, long timeoutCount,
                         long inWindowCount, Double completionRate, long lengthTruncatedCount,
                         LatencyPercentiles ttft, LatencyPercentiles tpot, LatencyPercentiles itl,
                         LatencyPercentiles e2e, Double serverReportedClientTokenRatio,
                         LatencyPercentiles dispatchLateness, Double capBoundFraction, SloResult slo,
                         ReplayFidelity fidelity) {
        this(requestThroughputReqS, completedCount, errorCount, timeoutCount, inWindowCount, completionRate,
                lengthTruncatedCount, ttft, tpot, itl, e2e, serverReportedClientTokenRatio, dispatchLateness,
                capBoundFraction, slo, fidelity, null);
    }

    /** Metrics without workload sums (nothing asked of the requests). */
    public WindowMetrics(double requestThroughputReqS, long completedCount, long errorCount, long timeoutCount,
                         long inWindowCount, Double completionRate, long lengthTruncatedCount,
                         LatencyPercentiles ttft, LatencyPercentiles tpot, LatencyPercentiles itl,
                         LatencyPercentiles e2e, Double serverReportedClientTokenRatio,
                         LatencyPercentiles dispatchLateness, Double capBoundFraction, SloResult slo) {
        this(requestThroughputReqS, completedCount, errorCount, timeoutCount, inWindowCount, completionRate,
                lengthTruncatedCount, ttft, tpot, itl, e2e, serverReportedClientTokenRatio, dispatchLateness,
                capBoundFraction, slo, ReplayFidelity.EMPTY);
    }
}
