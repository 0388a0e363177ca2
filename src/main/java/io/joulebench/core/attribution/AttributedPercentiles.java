package io.joulebench.core.attribution;

import java.util.Arrays;

/**
 * Type-7 percentiles of attributed J/request over a window's complete requests (owned by it, ok, and active only
 * inside measured windows); null when none. Attributed, never measured: see {@link AttributionRule}.
 */
public record AttributedPercentiles(double p50J, double p90J, double p99J, int requests) {

    /** The percentiles of {@code joules}, or null for an empty population. */
    public static AttributedPercentiles of(double[] joules) {
        if (joules.length == 0) {
            return null;
        }
        double[] v = joules.clone();
        Arrays.sort(v);
        return new AttributedPercentiles(type7(v, 0.50), type7(v, 0.90), type7(v, 0.99), v.length);
    }

    static double type7(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
