package io.joulebench.app.results;

import io.joulebench.core.compare.Estimate;
import java.util.List;

/** Mean, spread and a Student-t 95 % interval of a few values; the t quantile is core's ({@link Estimate}). */
final class Stats {

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
        return Estimate.tQuantile(n - 1) * sd / Math.sqrt(n);
    }
}
