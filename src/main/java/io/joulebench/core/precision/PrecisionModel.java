package io.joulebench.core.precision;

import java.util.SplittableRandom;

/**
 * A variance model of a window's J/token, for designing a sweep before it runs (an estimate; docs/methodology.md,
 * "Predicted precision", gives its derivation and assumptions).
 *
 * <p>A window of length W at rate λ holds the output tokens T of the requests that arrive in it. For a renewal
 * arrival process with gap CV c_a and output lengths of mean μ and CV c_L, Var(T) ≈ λ·μ²·(c_a² + c_L²)·h(W, D):
 * h = W − D/3 when each request's tokens spread over D seconds (W ≥ D), W²(D − W/3)/D² otherwise. A window's
 * energy is a fixed part (idle, settled leakage) plus a load part with elasticity η, so
 * CV(J/token) ≈ g · CV(T) with g = fixed share + (1 − fixed share)(1 − η). The gate passes when every run of three
 * consecutive windows has a population CV ≤ the threshold; with windows drawn independently from a normal with that
 * CV, three windows pass with probability 1 − exp(−3θ²/(2σ²)) (χ² with 2 degrees of freedom), and more windows are
 * judged by a seeded simulation of the same draws.
 */
public final class PrecisionModel {

    /** The pass likelihood a suggested window length aims for. */
    public static final double TARGET_LIKELIHOOD = 0.9;
    /** The longest window the model suggests; a level that would need more gets no suggestion. */
    public static final double MAX_WINDOW_SECONDS = 3600;
    private static final int RUN = 3;
    private static final int TRIALS = 4000;

    private final ServingShape shape;
    private final OutputLengths lengths;
    private final int promptTokens;

    public PrecisionModel(ServingShape shape, OutputLengths lengths, int promptTokens) {
        this.shape = shape;
        this.lengths = lengths;
        this.promptTokens = promptTokens;
    }

    /** The model for a workload with {@code max_tokens}, lengths as the shape says. */
    public static PrecisionModel of(ServingShape shape, int maxOutputTokens, int promptTokens) {
        return new PrecisionModel(shape, shape.outputLengths(maxOutputTokens), promptTokens);
    }

    public ServingShape shape() {
        return shape;
    }

    public OutputLengths lengths() {
        return lengths;
    }

    /** The full estimate for one level: predicted CV, pass likelihood and the shortest passing window. */
    public PrecisionEstimate estimate(LevelDesign d) {
        LoadFacts facts = shape.at(d.rate(), lengths, promptTokens);
        double cv = predictedCv(d, facts);
        return new PrecisionEstimate(d, cv, passLikelihood(cv, d.windows(), d.cvThreshold()),
                facts.saturated() ? null : shortestWindow(d, facts), facts);
    }

    /** Expected CV of J/token across the windows of a level. */
    public double predictedCv(LevelDesign d) {
        return predictedCv(d, shape.at(d.rate(), lengths, promptTokens));
    }

    private double predictedCv(LevelDesign d, LoadFacts facts) {
        double lambda = d.rate();
        double w = d.windowSeconds();
        double mu = lengths.meanTokens();
        double meanTokens = lambda * w * mu;
        double variance = lambda * mu * mu * (d.arrivalCv() * d.arrivalCv() + lengths.cv() * lengths.cv())
                * smoothedSeconds(w, facts.requestSeconds());
        if (d.arrivalCv() == 0) {
            // a lattice of arrivals: the count in a window is ⌊λW⌋ or ⌈λW⌉; token spreading blurs the step
            double f = lambda * w - Math.floor(lambda * w);
            double blur = lambda * facts.requestSeconds();
            variance += f * (1 - f) * mu * mu / (1 + blur * blur);
        }
        return facts.sensitivity() * Math.sqrt(variance) / meanTokens;
    }

    /** h(W, D): the effective window length of a shot-noise count whose pulses last D seconds. */
    static double smoothedSeconds(double w, double d) {
        if (d <= 0) {
            return w;
        }
        return w >= d ? w - d / 3 : w * w * (d - w / 3) / (d * d);
    }

    /**
     * The likelihood that every run of three consecutive windows out of {@code windows} has a population CV at most
     * {@code threshold}, when each window's J/token is drawn independently with CV {@code cv}. Fewer than three
     * windows never pass.
     */
    public static double passLikelihood(double cv, int windows, double threshold) {
        if (windows < RUN) {
            return 0;
        }
        if (!(cv > 0)) {
            return 1;
        }
        if (windows == RUN) {
            return -Math.expm1(-RUN * threshold * threshold / (2 * cv * cv));
        }
        SplittableRandom rng = new SplittableRandom(0x5eedL);
        int passed = 0;
        double[] x = new double[windows];
        for (int t = 0; t < TRIALS; t++) {
            for (int i = 0; i < windows; i++) {
                x[i] = 1 + cv * gaussian(rng);
            }
            boolean ok = true;
            for (int i = 0; i + RUN <= windows && ok; i++) {
                ok = runCv(x, i) <= threshold;
            }
            passed += ok ? 1 : 0;
        }
        return (double) passed / TRIALS;
    }

    private static double runCv(double[] x, int from) {
        double mean = (x[from] + x[from + 1] + x[from + 2]) / RUN;
        if (!(mean > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        double var = 0;
        for (int i = from; i < from + RUN; i++) {
            var += (x[i] - mean) * (x[i] - mean);
        }
        return Math.sqrt(var / RUN) / mean;
    }

    private static double gaussian(SplittableRandom rng) {
        double u1 = rng.nextDouble();
        double u2 = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
    }

    /**
     * The shortest window (whole seconds, at least 1) whose pass likelihood reaches {@link #TARGET_LIKELIHOOD};
     * null when even {@link #MAX_WINDOW_SECONDS} does not.
     */
    public Double shortestWindow(LevelDesign d) {
        return shortestWindow(d, shape.at(d.rate(), lengths, promptTokens));
    }

    private Double shortestWindow(LevelDesign d, LoadFacts facts) {
        if (d.windows() < RUN) {
            return null;
        }
        if (passes(d.withWindowSeconds(1), facts)) {
            return 1.0;
        }
        if (!passes(d.withWindowSeconds(MAX_WINDOW_SECONDS), facts)) {
            return null;
        }
        long lo = 1;
        long hi = (long) MAX_WINDOW_SECONDS;
        while (hi - lo > 1) {
            long mid = (lo + hi) / 2;
            if (passes(d.withWindowSeconds(mid), facts)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return (double) hi;
    }

    private boolean passes(LevelDesign d, LoadFacts facts) {
        return passLikelihood(predictedCv(d, facts), d.windows(), d.cvThreshold()) >= TARGET_LIKELIHOOD;
    }
}
