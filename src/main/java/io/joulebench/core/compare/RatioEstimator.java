package io.joulebench.core.compare;

/**
 * J/token as a ratio estimate, Σ energy / Σ tokens, with the linearised (Taylor) standard error of a ratio
 * estimator over units that are each a pair (energy, tokens):
 * residuals {@code d_i = E_i − R·T_i},
 * {@code se(R) = sqrt(Σ d_i² / (n (n − 1))) / T̄}, {@code n − 1} degrees of freedom (Cochran, Sampling Techniques,
 * 3rd ed., §6.4, without the finite-population correction). The units are the cycles of a cell when there are
 * several, otherwise its windows (docs/methodology.md, "Comparing runs").
 */
public final class RatioEstimator {

    private RatioEstimator() {
    }

    /**
     * @param energy per-unit energy, J
     * @param tokens per-unit output tokens, same length
     * @param basis  what a unit is ({@link IntervalBasis#CYCLES} or {@link IntervalBasis#WINDOWS})
     */
    public static Estimate of(double[] energy, double[] tokens, IntervalBasis basis) {
        if (energy.length != tokens.length) {
            throw new IllegalArgumentException("energy and tokens differ in length");
        }
        int n = energy.length;
        double sumE = 0;
        double sumT = 0;
        for (int i = 0; i < n; i++) {
            sumE += energy[i];
            sumT += tokens[i];
        }
        if (n == 0 || !(sumT > 0)) {
            return Estimate.pointOnly(Double.NaN, n);
        }
        double r = sumE / sumT;
        if (n < 2) {
            return Estimate.pointOnly(r, n);
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double d = energy[i] - r * tokens[i];
            ss += d * d;
        }
        double meanT = sumT / n;
        double se = Math.sqrt(ss / ((double) n * (n - 1))) / meanT;
        return new Estimate(r, se, n - 1, basis, n);
    }
}
