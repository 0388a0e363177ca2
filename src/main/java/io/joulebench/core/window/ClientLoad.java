package io.joulebench.core.window;

/**
 * How busy the measuring client itself was during one window (issue 34), so a reader can tell when latency figures
 * describe the client rather than the server. Measured by a {@link ClientMonitor}; docs/results.md defines each figure.
 *
 * @param receiptLagP99Ms p99 of the client's receipt lag in the window: receipt − the chunk's {@code t_send_ns}
 *                        where the server sent one, else how late a client thread woke for its due time (the wait a
 *                        chunk arriving on the socket has before a client thread can stamp it); null when unmeasured
 * @param gcPauseMs       the JVM's garbage-collection pause time inside the window (its GarbageCollectorMXBeans)
 * @param cpuFraction     the process's CPU time over the window's wall time × the machine's cores (0..1); null when
 *                        the JVM does not report process CPU time
 */
public record ClientLoad(Double receiptLagP99Ms, double gcPauseMs, Double cpuFraction) {

    /**
     * A window whose client lag p99 is above this share of its measured ITL p50 carries {@link #warning}: the client's
     * own delay is then a visible part of the inter-token gaps it reports.
     */
    public static final double MAX_LAG_SHARE_OF_ITL = 0.25;

    /** This load with the receipt lag measured against the servers' {@code t_send_ns} instead of the probe's. */
    public ClientLoad withReceiptLagP99Ms(Double p99Ms) {
        return new ClientLoad(p99Ms, gcPauseMs, cpuFraction);
    }

    /** The warning in a line, for a table cell: {@code client lagging: lag p99 6.8 ms > 25 % of ITL p50 9.2 ms}. */
    public String brief(Double itlP50Ms) {
        return warning(itlP50Ms) == null ? null : String.format(java.util.Locale.ROOT,
                "client lagging: lag p99 %.1f ms > %.0f %% of ITL p50 %.1f ms", receiptLagP99Ms,
                MAX_LAG_SHARE_OF_ITL * 100, itlP50Ms);
    }

    /** The warning for a window whose ITL p50 is {@code itlP50Ms}, or null when the client kept up (or no ITL). */
    public String warning(Double itlP50Ms) {
        if (receiptLagP99Ms == null || itlP50Ms == null || itlP50Ms <= 0
                || receiptLagP99Ms <= MAX_LAG_SHARE_OF_ITL * itlP50Ms) {
            return null;
        }
        return String.format(java.util.Locale.ROOT,
                "client overloaded: its receipt lag p99 %.2f ms exceeds %.0f %% of the window's ITL p50 %.2f ms "
                        + "(GC pauses %.1f ms, client CPU %s): latency figures may describe the client, not the server",
                receiptLagP99Ms, MAX_LAG_SHARE_OF_ITL * 100, itlP50Ms, gcPauseMs,
                cpuFraction == null ? "unknown" : String.format(java.util.Locale.ROOT, "%.0f %%", cpuFraction * 100));
    }
}
