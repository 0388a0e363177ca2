package io.joulebench.core.workload;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Mean and standard deviation of a normal or log-normal variable clipped to {@code [a, b]} (values below a count as a,
 * above b as b), in closed form from the partial moments over {@code [a, b]}: for the normal,
 * {@code ∫x f = μΔΦ − σΔφ} and {@code ∫x² f = (μ²+σ²)ΔΦ − σ[(μ+b)φ(β) − (μ+a)φ(α)]}; for the log-normal,
 * {@code ∫xᵏ f = e^(kμ + k²σ²/2) [Φ((ln b − μ − kσ²)/σ) − Φ((ln a − μ − kσ²)/σ)]}.
 */
final class ClippedMoments {

    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);

    private ClippedMoments() {
    }

    static Distribution.Moments normal(double mu, double sigma, double a, double b) {
        double alpha = (a - mu) / sigma;
        double beta = (b - mu) / sigma;
        double below = cdf(alpha);
        double above = 1 - cdf(beta);
        double mass = cdf(beta) - below;
        double m1 = mu * mass - sigma * (pdf(beta) - pdf(alpha));
        double m2 = (mu * mu + sigma * sigma) * mass - sigma * (times(mu + b, pdf(beta)) - times(mu + a, pdf(alpha)));
        return combine(m1, m2, a, below, b, above);
    }

    static Distribution.Moments logNormal(double mu, double sigma, double a, double b) {
        double la = a > 0 ? Math.log(a) : Double.NEGATIVE_INFINITY;
        double lb = b > 0 ? Math.log(b) : Double.NEGATIVE_INFINITY;
        double below = cdf((la - mu) / sigma);
        double above = 1 - cdf((lb - mu) / sigma);
        double m1 = partial(1, mu, sigma, la, lb);
        double m2 = partial(2, mu, sigma, la, lb);
        return combine(m1, m2, a, below, b, above);
    }

    /** ∫ xᵏ f over [e^la, e^lb] of the log-normal. */
    private static double partial(int k, double mu, double sigma, double la, double lb) {
        double shift = mu + k * sigma * sigma;
        return Math.exp(k * mu + k * k * sigma * sigma / 2) * (cdf((lb - shift) / sigma) - cdf((la - shift) / sigma));
    }

    private static Distribution.Moments combine(double m1, double m2, double a, double below, double b, double above) {
        double mean = m1 + times(a, below) + times(b, above);
        double second = m2 + times(a * a, below) + times(b * b, above);
        return new Distribution.Moments(mean, Math.sqrt(Math.max(0, second - mean * mean)));
    }

    /** x·p with 0·∞ = 0 (an unbounded side has no mass at its bound). */
    private static double times(double x, double p) {
        return p == 0 ? 0 : x * p;
    }

    private static double cdf(double z) {
        return Double.isInfinite(z) ? (z > 0 ? 1 : 0) : STANDARD.cumulativeProbability(z);
    }

    private static double pdf(double z) {
        return Double.isInfinite(z) ? 0 : STANDARD.density(z);
    }
}
