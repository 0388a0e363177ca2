package io.joulebench.core.stats;

/** Small statistics shared by the gate and the diagnostics. */
public final class Stats {

    private Stats() {
    }

    /** Population standard deviation over the mean; +∞ when the mean is ≤ 0 or there are no values. */
    public static double populationCv(double... values) {
        if (values.length == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= values.length;
        if (!(mean > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        double var = 0;
        for (double v : values) {
            var += (v - mean) * (v - mean);
        }
        return Math.sqrt(var / values.length) / mean;
    }
}
