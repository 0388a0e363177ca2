package io.joulebench.core.compare;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A point estimate with its standard error and degrees of freedom; the 95 % interval is the Student t interval
 * {@code value ± t(0.975, df) · se}. An estimate without an interval has {@code se} and {@code df} NaN.
 *
 * @param units how many replicates the standard error came from (windows or cycles)
 */
public record Estimate(double value, double standardError, double df, IntervalBasis basis, int units) {

    /** The two-sided level of every interval Joulebench prints. */
    public static final double LEVEL = 0.95;

    public static Estimate pointOnly(double value, int units) {
        return new Estimate(value, Double.NaN, Double.NaN, IntervalBasis.NONE, units);
    }

    public boolean hasInterval() {
        return Double.isFinite(value) && Double.isFinite(standardError) && df > 0;
    }

    public double ciLow() {
        return hasInterval() ? value - halfWidth() : Double.NaN;
    }

    public double ciHigh() {
        return hasInterval() ? value + halfWidth() : Double.NaN;
    }

    public double halfWidth() {
        return hasInterval() ? tQuantile(df) * standardError : Double.NaN;
    }

    /** The upper {@code (1 + LEVEL) / 2} quantile of Student's t with {@code df} (maybe fractional) df. */
    public static double tQuantile(double df) {
        return TDistribution.of(df).inverseCumulativeProbability(0.5 + LEVEL / 2);
    }
}
