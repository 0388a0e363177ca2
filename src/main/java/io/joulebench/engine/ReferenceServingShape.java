package io.joulebench.engine;

import io.joulebench.core.precision.LoadFacts;
import io.joulebench.core.precision.OutputLengths;
import io.joulebench.core.precision.ServingShape;
import io.joulebench.core.study.ReferenceEngineOptions;
import java.util.Map;

/**
 * The reference engine's serving shape for the precision model, computed from its profile (docs/reference-engine.md):
 * the mean batch from Little's law over the step-time equation, the batch as Poisson around it (an M/G/∞ queue,
 * capped at max_num_seqs), the power curve P_idle + ΔP·u^α averaged over that batch, and the leakage at the settled
 * temperature counted as fixed (the thermal time constant, minutes, is far longer than a batch's fluctuations).
 */
public final class ReferenceServingShape implements ServingShape {

    private final EngineProfile profile;

    public ReferenceServingShape(EngineProfile profile) {
        this.profile = profile;
    }

    /** The shape of a study's {@code reference:} block (its profile, with a max_num_seqs override if given). */
    public static ReferenceServingShape of(ReferenceEngineOptions options) {
        EngineProfile p = EngineProfile.named(options == null ? "small" : options.profile());
        if (options != null && options.maxNumSeqs() != null) {
            p = p.withOverrides(Map.of("max_num_seqs", (double) options.maxNumSeqs()));
        }
        return new ReferenceServingShape(p);
    }

    /**
     * The shape of an experiment: the reference engine's from its {@code reference:} block, any other engine's
     * {@link ServingShape#conservative()} (no model of its power).
     */
    public static ServingShape forExperiment(io.joulebench.core.study.ExperimentConfig e) {
        return e.reference() != null ? of(e.reference()) : ServingShape.conservative();
    }

    public EngineProfile profile() {
        return profile;
    }

    /** The mean number of running sequences at this rate; +∞ when the batch limit cannot carry the rate. */
    public double meanBatch(double rate, double meanTokens, int promptTokens) {
        double prefillLoad = profile.prefillSPerToken() * promptTokens * rate;
        if (prefillLoad >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        double c = rate * meanTokens / (1 - prefillLoad);
        double denominator = 1 - c * profile.decodePerSeqS();
        if (denominator <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double batch = c * profile.decodeBaseS() / denominator;
        return batch >= profile.maxNumSeqs() ? Double.POSITIVE_INFINITY : batch;
    }

    /** Step time at a mean batch, including the prefill of the requests admitted per step. */
    public double stepSeconds(double rate, double batch, int promptTokens) {
        double prefillLoad = profile.prefillSPerToken() * promptTokens * rate;
        return (profile.decodeBaseS() + profile.decodePerSeqS() * batch) / (1 - prefillLoad);
    }

    @Override
    public LoadFacts at(double rate, OutputLengths lengths, int promptTokens) {
        double batch = meanBatch(rate, lengths.meanTokens(), promptTokens);
        if (Double.isInfinite(batch)) {
            return new LoadFacts(0, 1, 0, true);
        }
        double load = meanLoadTerm(batch);
        double delta = profile.maxW() - profile.idleW();
        double r = profile.thermalResistanceCPerW();
        double k = profile.leakWPerC();
        double dynamic = profile.idleW() + delta * load;
        double fixed = profile.idleW() + k * r * dynamic / (1 - r * k);
        double share = fixed / (fixed + delta * load);
        // a window with more requests has a larger batch, longer steps and so a larger batch again: the load
        // term's elasticity is taken against the rate, through the step-time equation, not against the batch
        double h = 0.01;
        double up = meanBatch(rate * (1 + h), lengths.meanTokens(), promptTokens);
        double down = meanBatch(rate * (1 - h), lengths.meanTokens(), promptTokens);
        double elasticity = Double.isInfinite(up) ? 1
                : (Math.log(meanLoadTerm(up)) - Math.log(meanLoadTerm(down))) / (Math.log1p(h) - Math.log1p(-h));
        double requestSeconds = lengths.meanTokens() * stepSeconds(rate, batch, promptTokens);
        return new LoadFacts(share, Math.max(0, elasticity), requestSeconds, false);
    }

    /**
     * The settled power of one GPU at this rate: the power curve averaged over the Poisson batch plus the leakage at
     * the settled temperature, P_dyn/(1 − R·k) (the same physics {@link #at} splits into fixed and load parts);
     * +∞ beyond the batch limit.
     */
    public double settledWatts(double rate, double meanTokens, int promptTokens) {
        double batch = meanBatch(rate, meanTokens, promptTokens);
        if (Double.isInfinite(batch)) {
            return Double.POSITIVE_INFINITY;
        }
        double dynamic = profile.idleW() + (profile.maxW() - profile.idleW()) * meanLoadTerm(batch);
        return dynamic / (1 - profile.thermalResistanceCPerW() * profile.leakWPerC());
    }

    /** Settled joules per output token of one GPU at this rate (its settled power over the token rate). */
    public double joulesPerToken(double rate, double meanTokens, int promptTokens) {
        return settledWatts(rate, meanTokens, promptTokens) / (rate * meanTokens);
    }

    /**
     * The settled power of one GPU with its batch held at {@code batch} running sequences (a saturated closed loop:
     * each finished request replaced at once), P_dyn(B/M)/(1 − R·k).
     */
    public double heldBatchWatts(double batch) {
        double u = Math.min(batch, profile.maxNumSeqs()) / profile.maxNumSeqs();
        double dynamic = profile.idleW() + (profile.maxW() - profile.idleW()) * Math.pow(u, profile.alpha());
        return dynamic / (1 - profile.thermalResistanceCPerW() * profile.leakWPerC());
    }

    /** Settled joules per output token with the batch held at {@code batch}: power × step time / batch. */
    public double heldBatchJoulesPerToken(double batch) {
        double b = Math.min(batch, profile.maxNumSeqs());
        return heldBatchWatts(b) * (profile.decodeBaseS() + profile.decodePerSeqS() * b) / b;
    }

    /**
     * The modelled rate at which the mean step time (the time per output token, TPOT) reaches {@code stepMs}, between
     * {@code lo} and {@code hi} req/s: bisection on the step-time equation with the mean batch from Little's law,
     * beyond capacity counting as slower than any limit. Independent of any measurement, so a capacity search's
     * bracket can be checked against it.
     */
    public double rateAtStepMs(double stepMs, double meanTokens, int promptTokens, double lo, double hi) {
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            double batch = meanBatch(mid, meanTokens, promptTokens);
            double ms = Double.isInfinite(batch) ? Double.POSITIVE_INFINITY
                    : stepSeconds(mid, batch, promptTokens) * 1000;
            if (ms <= stepMs) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The highest rate the batch limit carries (the mean batch reaches max_num_seqs there), to 1e-9 relative. */
    public double capacity(double meanTokens, int promptTokens) {
        double lo = 0;
        double hi = 1;
        while (Double.isFinite(meanBatch(hi, meanTokens, promptTokens))) {
            lo = hi;
            hi *= 2;
        }
        while (hi - lo > 1e-9 * hi) {
            double mid = (lo + hi) / 2;
            if (Double.isFinite(meanBatch(mid, meanTokens, promptTokens))) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** E[(min(B, M)/M)^α] for B ~ Poisson(mean). */
    double meanLoadTerm(double mean) {
        int m = profile.maxNumSeqs();
        int top = (int) Math.ceil(mean + 12 * Math.sqrt(mean) + 30);
        double p = Math.exp(-mean);
        double sum = 0;
        for (int b = 1; b <= top; b++) {
            p *= mean / b;
            sum += p * Math.pow(Math.min(b, m) / (double) m, profile.alpha());
        }
        return sum;
    }

    @Override
    public OutputLengths outputLengths(int maxOutputTokens) {
        double f = maxOutputTokens > 1 ? profile.earlyStopFraction() : 0;
        double m = maxOutputTokens;
        double mean = (1 - f) * m + f * m / 2;
        double second = (1 - f) * m * m + f * m * (2 * m - 1) / 6;
        double variance = Math.max(0, second - mean * mean);
        return new OutputLengths(mean, Math.sqrt(variance) / mean);
    }

    @Override
    public String describe() {
        return "reference engine, profile " + profile.name() + " (its batching and power model; " + profile.label()
                + ")";
    }
}
