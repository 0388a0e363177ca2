package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;

/**
 * One measured window.
 *
 * @param spanStartNanos             the window's span start on the shared clock
 * @param spanEndNanos               the span end; the next window starts here
 * @param bracket                    the bracket's result (energy, method, samples)
 * @param tokens                     token receipts with {@code spanStart ≤ t ≤ spanEnd}, all requests, any status
 * @param energyJ                    the bracket's headline energy, or null
 * @param jPerToken                  energy / tokens, or null when tokens = 0 or energy is missing
 * @param mJPerToken                 {@code jPerToken × 1000}, or null
 * @param intraWindowCv              the k = 4 quarter diagnostic, or null
 * @param serverReportedOutputTokens Σ usage.completion_tokens over every request the window owns, any status; null
 *                                   when none reported usage
 * @param meanPowerW                 the bracket's mean power, or null
 * @param provisional                true for the snapshot sent at close: requests still in flight can add tokens and
 *                                   rows until the drain; the records in a {@link LevelOutcome} are final
 */
public record WindowRecord(int levelIndex, int windowIndex, long spanStartNanos, long spanEndNanos,
                           BracketResult bracket, long tokens, Double energyJ, Double jPerToken, Double mJPerToken,
                           Double intraWindowCv, WindowMetrics metrics, Long serverReportedOutputTokens,
                           Double meanPowerW, boolean provisional) {

    public String attributionPolicy() {
        return WindowSpec.ATTRIBUTION_POLICY;
    }

    public double spanStartSeconds() {
        return spanStartNanos / 1e9;
    }

    public double spanEndSeconds() {
        return spanEndNanos / 1e9;
    }
}
