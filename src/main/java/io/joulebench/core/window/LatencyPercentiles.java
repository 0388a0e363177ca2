package io.joulebench.core.window;

/**
 * Type-7 percentiles of one latency population in milliseconds; all null when empty, the value itself for a
 * singleton.
 *
 * @param exact false when the window held more than {@link LatencyAccumulator#EXACT_LIMIT} samples and the
 *              percentiles come from the histogram (relative error ≤ 0.1 %)
 */
public record LatencyPercentiles(Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs, long samples,
                                 boolean exact) {

    public static final LatencyPercentiles EMPTY = new LatencyPercentiles(null, null, null, null, 0, true);

    public static LatencyPercentiles of(LatencyAccumulator acc) {
        if (acc.count() == 0) {
            return EMPTY;
        }
        Double[] q = acc.quantiles(0.50, 0.90, 0.99);
        return new LatencyPercentiles(q[0] / 1e6, q[1] / 1e6, q[2] / 1e6, acc.max() / 1e6, acc.count(),
                acc.isExact());
    }
}
