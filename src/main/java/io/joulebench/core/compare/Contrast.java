package io.joulebench.core.compare;

/**
 * B against A: the difference {@code R_B − R_A} and the ratio {@code R_B / R_A} of two independent estimates, each
 * with a 95 % interval. The difference uses {@code se = sqrt(se_A² + se_B²)}; the ratio works on the log scale,
 * {@code se(ln R) ≈ se(R) / R} (delta method), so its interval {@code exp(ln(R_B/R_A) ± t·se)} is never negative.
 * Both take Welch–Satterthwaite degrees of freedom.
 */
public record Contrast(double difference, double differenceLow, double differenceHigh,
                       double ratio, double ratioLow, double ratioHigh, double df) {

    public static Contrast between(Estimate a, Estimate b) {
        double diff = b.value() - a.value();
        double ratio = b.value() / a.value();
        if (!a.hasInterval() || !b.hasInterval()) {
            return new Contrast(diff, Double.NaN, Double.NaN, ratio, Double.NaN, Double.NaN, Double.NaN);
        }
        double va = a.standardError() * a.standardError();
        double vb = b.standardError() * b.standardError();
        double df = welch(va, a.df(), vb, b.df());
        double half = Estimate.tQuantile(df) * Math.sqrt(va + vb);
        double ra = va / (a.value() * a.value());
        double rb = vb / (b.value() * b.value());
        double dfLog = welch(ra, a.df(), rb, b.df());
        double halfLog = Estimate.tQuantile(dfLog) * Math.sqrt(ra + rb);
        double ln = Math.log(ratio);
        return new Contrast(diff, diff - half, diff + half, ratio, Math.exp(ln - halfLog), Math.exp(ln + halfLog),
                dfLog);
    }

    /** Welch–Satterthwaite: {@code (v1 + v2)² / (v1²/df1 + v2²/df2)}. */
    static double welch(double v1, double df1, double v2, double df2) {
        double num = (v1 + v2) * (v1 + v2);
        double den = v1 * v1 / df1 + v2 * v2 / df2;
        return den > 0 ? num / den : Math.min(df1, df2);
    }

    public boolean hasInterval() {
        return Double.isFinite(ratioLow) && Double.isFinite(ratioHigh);
    }

    /** The ratio's interval lies wholly below 1 (B cheaper) or above 1 (B dearer). */
    public boolean resolved() {
        return hasInterval() && (ratioHigh < 1 || ratioLow > 1);
    }
}
