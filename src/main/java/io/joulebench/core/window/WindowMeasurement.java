package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.stats.PowerSeries;
import io.joulebench.core.stats.Stats;

/**
 * A window's energy per token and its intra-window diagnostic (spec §2.5–2.6).
 *
 * @param energyJ      the bracket's headline energy, or null without a bracket or energy
 * @param jPerToken    {@code energyJ / tokens}, or null when either is missing or tokens = 0
 * @param intraWindowCv population CV of the four quarters' J/token, or null when any quarter has no tokens or the
 *                     bracket has fewer than 2 usable power samples. Disclosed, never a gate.
 */
public record WindowMeasurement(Double energyJ, Double jPerToken, Double intraWindowCv) {

    /** Diagnostic quarters; the 0.05 calibration depends on k = 4. */
    public static final int QUARTERS = 4;

    /**
     * Measures one window. Quarter energies come from the bracket's power samples: the cleaned series' own span
     * [first, last] is cut into 4 equal parts, fraction-aligned with the token span's quarters.
     */
    public static WindowMeasurement of(BracketResult bracket, long tokens, long[] quarterTokens) {
        if (bracket == null) {
            return new WindowMeasurement(null, null, null);
        }
        Double energy = bracket.energyJ();
        Double jPerToken = energy != null && tokens > 0 ? energy / tokens : null;
        return new WindowMeasurement(energy, jPerToken, intraWindowCv(bracket, quarterTokens));
    }

    static Double intraWindowCv(BracketResult bracket, long[] quarterTokens) {
        for (long q : quarterTokens) {
            if (q <= 0) {
                return null;
            }
        }
        PowerSeries series = PowerSeries.clean(bracket.samples());
        if (series.size() < 2 || series.lastNanos() <= series.firstNanos()) {
            return null;
        }
        long first = series.firstNanos();
        double length = series.lastNanos() - first;
        double[] perToken = new double[QUARTERS];
        for (int q = 0; q < QUARTERS; q++) {
            long lo = first + Math.round(length * q / QUARTERS);
            long hi = first + Math.round(length * (q + 1) / QUARTERS);
            perToken[q] = series.energyJ(lo, hi) / quarterTokens[q];
        }
        double cv = Stats.populationCv(perToken);
        return Double.isFinite(cv) ? cv : null;
    }
}
