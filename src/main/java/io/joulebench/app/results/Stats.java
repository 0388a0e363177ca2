package io.joulebench.app.results;

import java.util.List;

/** Mean, spread and a Student-t 95 % interval of a few values. */
final class Stats {

    /** Two-sided 95 % Student t quantiles for 1..30 degrees of freedom. */
    private static final double[] T95 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    private Stats() {
    }

    static double mean(List<Double> v) {
        double s = 0;
        for (double d : v) {
            s += d;
        }
        return v.isEmpty() ? Double.NaN : s / v.size();
    }

    static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** Half the width of the 95 % interval of the mean; NaN for fewer than two values. */
    static double ci95HalfWidth(List<Double> v) {
        int n = v.size();
        if (n < 2) {
            return Double.NaN;
        }
        double m = mean(v);
        double ss = 0;
        for (double d : v) {
            ss += (d - m) * (d - m);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = n - 1 <= T95.length ? T95[n - 2] : 1.960;
        return t * sd / Math.sqrt(n);
    }
}
