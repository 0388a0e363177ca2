package io.joulebench.core.attribution;

import java.util.List;

/**
 * How a window's measured energy is split among the requests active in it (docs/methodology.md, "Energy per request
 * (attributed)"). The static share, {@code min(E, baseline_power_w × duration)}, is split by each request's active
 * time in the window; the dynamic share, the rest, by work: {@code prefillWeight × input tokens + output tokens}.
 * Without a baseline the static share is 0 and everything is dynamic. A share with no basis (no active time, or no
 * work) moves to the other one, so the shares of a window with any request active in it sum to its energy exactly.
 *
 * @param prefillWeight  one prefilled prompt token's weight relative to one output token (≥ 0)
 * @param baselinePowerW the session's idle baseline, or null when none was measured
 */
public record AttributionRule(double prefillWeight, Double baselinePowerW) {

    /** Measured on the reference engine (docs/methodology.md); the study key is measurement.attribution.prefill_weight. */
    public static final double DEFAULT_PREFILL_WEIGHT = 0.03;

    public static final AttributionRule DEFAULT = new AttributionRule(DEFAULT_PREFILL_WEIGHT, null);

    public AttributionRule {
        if (!(prefillWeight >= 0) || Double.isInfinite(prefillWeight)) {
            throw new IllegalArgumentException("prefill weight must be a finite number >= 0, got " + prefillWeight);
        }
    }

    public AttributionRule withBaseline(Double powerW) {
        return new AttributionRule(prefillWeight, powerW);
    }

    /** Each share's joules, in the order given; all 0 when no request has active time or work. */
    public double[] split(double energyJ, double durationS, List<RequestShare> shares) {
        double active = 0;
        double work = 0;
        for (RequestShare s : shares) {
            active += s.activeNanos();
            work += s.work(prefillWeight);
        }
        double fixed = baselinePowerW == null || baselinePowerW <= 0 ? 0
                : Math.max(0, Math.min(energyJ, baselinePowerW * durationS));
        double dynamic = energyJ - fixed;
        if (active <= 0) {
            dynamic += fixed;
            fixed = 0;
        } else if (work <= 0) {
            fixed += dynamic;
            dynamic = 0;
        }
        double[] out = new double[shares.size()];
        for (int i = 0; i < out.length; i++) {
            RequestShare s = shares.get(i);
            out[i] = (active > 0 ? fixed * s.activeNanos() / active : 0)
                    + (work > 0 ? dynamic * s.work(prefillWeight) / work : 0);
        }
        return out;
    }
}
