package io.joulebench.core.window;

import io.joulebench.core.traffic.IssuerReport;

/** An {@link IssuerReport} without its records, kept with the level outcome. */
public record IssuerSummary(int issuedCount, int completedCount, int errorCount, int timeoutCount,
                            long issuanceDurationNanos, Integer concurrencyCap, double capBoundFraction,
                            IssuerReport.LatencySummary dispatchLateness) {

    public static IssuerSummary of(IssuerReport report) {
        return new IssuerSummary(report.issuedCount(), report.completedCount(), report.errorCount(),
                report.timeoutCount(), report.issuanceDurationNanos(), report.concurrencyCap(),
                report.capBoundFraction(), report.dispatchLateness());
    }
}
