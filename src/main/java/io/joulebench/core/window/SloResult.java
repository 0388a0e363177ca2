package io.joulebench.core.window;

/**
 * A window judged against an {@link Slo} (spec §5.4), over its completed in-window requests.
 *
 * @param attainmentFraction meeting / completed, or null when none completed
 * @param pass               attainment ≥ percentile (false when none completed)
 * @param goodputTokensS     direct join: tokens received by span_end from meeting requests, over the span
 *                           duration; null when none completed
 * @param ttftAtPercentileMs type-7 TTFT at the SLO percentile (a cross-check)
 * @param tpotAtPercentileMs type-7 TPOT at the SLO percentile (a cross-check)
 */
public record SloResult(Slo slo, Double attainmentFraction, boolean pass, Double goodputTokensS,
                        Double ttftAtPercentileMs, Double tpotAtPercentileMs) {
}
