package io.joulebench.core.precision;

/**
 * What a serving engine does at one rate, as far as the spread of a window's J/token needs it.
 *
 * @param fixedShare        share of the window's energy that does not follow its tokens (idle power, leakage at the
 *                          settled temperature): 0–1. 1 is the conservative assumption (every joule is fixed, so
 *                          J/token moves exactly inversely with the tokens)
 * @param dynamicElasticity how the load-dependent power responds to more load: d ln P_dyn / d ln load (1 = linear,
 *                          below 1 for a concave power curve such as u^α)
 * @param requestSeconds    mean time from a request's admission to its last token (spreads its tokens over time,
 *                          which smooths a window's token count); 0 when unknown (no smoothing: conservative)
 * @param saturated         the rate is at or above the engine's modelled capacity (queues grow; the model's
 *                          steady-state assumptions fail)
 */
public record LoadFacts(double fixedShare, double dynamicElasticity, double requestSeconds, boolean saturated) {

    public LoadFacts {
        if (!(fixedShare >= 0 && fixedShare <= 1)) {
            throw new IllegalArgumentException("fixedShare must be in [0, 1], got " + fixedShare);
        }
        if (!(dynamicElasticity >= 0) || !(requestSeconds >= 0)) {
            throw new IllegalArgumentException("elasticity and request seconds must be ≥ 0");
        }
    }

    /** Every joule fixed, no smoothing: the largest spread the model can predict for a given token count. */
    public static LoadFacts conservative() {
        return new LoadFacts(1, 1, 0, false);
    }

    /** How strongly J/token answers a relative change in tokens: fixed + (1 − fixed)·(1 − elasticity). */
    public double sensitivity() {
        return fixedShare + (1 - fixedShare) * Math.max(0, 1 - dynamicElasticity);
    }
}
