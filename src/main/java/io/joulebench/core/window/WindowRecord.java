package io.joulebench.core.window;

import io.joulebench.core.attribution.AttributedPercentiles;
import io.joulebench.core.energy.BracketResult;

/**
 * One measured window: its span, its bracket, and what the window's own requests and tokens add. The energy figures
 * are the bracket's, read through it rather than copied ({@link #energyJ()}, {@link #meanPowerW()}), and the per-token
 * ones follow from them and the token count.
 *
 * @param spanStartNanos             the window's span start on the shared clock
 * @param spanEndNanos               the span end; the next window starts here
 * @param bracket                    the bracket's result (energy, method, samples); null when none was measured
 * @param tokens                     token receipts with {@code spanStart ≤ t ≤ spanEnd}, all requests, any status
 * @param intraWindowCv              the k = 4 quarter diagnostic, or null ({@link WindowMeasurement})
 * @param serverReportedOutputTokens Σ usage.completion_tokens over every request the window owns, any status; null
 *                                   when none reported usage
 * @param provisional                true for the snapshot sent at close: requests still in flight can add tokens and
 *                                   rows until the drain; the records in a {@link LevelOutcome} are final
 * @param attributed                 J/request attributed to the window's complete requests (estimated, never summed
 *                                   into a measured figure); null until the level closes, or without energy/requests
 * @param client                     the measuring client's own load in the window ({@link ClientMonitor}); null when
 *                                   it was not watched
 */
public record WindowRecord(int levelIndex, int windowIndex, long spanStartNanos, long spanEndNanos,
                           BracketResult bracket, long tokens, Double intraWindowCv, WindowMetrics metrics,
                           Long serverReportedOutputTokens, boolean provisional,
                           AttributedPercentiles attributed, ClientLoad client) {

    public WindowRecord(int levelIndex, int windowIndex, long spanStartNanos, long spanEndNanos,
                        BracketResult bracket, long tokens, Double intraWindowCv, WindowMetrics metrics,
                        Long serverReportedOutputTokens, boolean provisional, AttributedPercentiles attributed) {
        this(levelIndex, windowIndex, spanStartNanos, spanEndNanos, bracket, tokens, intraWindowCv, metrics,
                serverReportedOutputTokens, provisional, attributed, null);
    }

    public WindowRecord(int levelIndex, int windowIndex, long spanStartNanos, long spanEndNanos,
                        BracketResult bracket, long tokens, Double intraWindowCv, WindowMetrics metrics,
                        Long serverReportedOutputTokens, boolean provisional) {
        this(levelIndex, windowIndex, spanStartNanos, spanEndNanos, bracket, tokens, intraWindowCv, metrics,
                serverReportedOutputTokens, provisional, null);
    }

    /** This record with the level's attribution of its energy. */
    public WindowRecord withAttributed(AttributedPercentiles percentiles) {
        return new WindowRecord(levelIndex, windowIndex, spanStartNanos, spanEndNanos, bracket, tokens, intraWindowCv,
                metrics, serverReportedOutputTokens, provisional, percentiles, client);
    }

    /** The client-overload warning of this window ({@link ClientLoad#warning}), or null. */
    public String clientWarning() {
        return client == null ? null : client.warning(itlP50Ms());
    }

    /** The same warning in a line ({@link ClientLoad#brief}), or null. */
    public String clientWarningBrief() {
        return client == null ? null : client.brief(itlP50Ms());
    }

    private Double itlP50Ms() {
        return metrics == null || metrics.itl() == null ? null : metrics.itl().p50Ms();
    }

    /** The bracket's headline energy, or null without a bracket or energy. */
    public Double energyJ() {
        return bracket == null ? null : bracket.energyJ();
    }

    /** {@code energyJ / tokens}, or null when tokens = 0 or energy is missing. */
    public Double jPerToken() {
        Double energy = energyJ();
        return energy != null && tokens > 0 ? energy / tokens : null;
    }

    /** {@code jPerToken × 1000}, or null. */
    public Double mJPerToken() {
        Double j = jPerToken();
        return j == null ? null : j * 1000;
    }

    /** The bracket's mean power, or null. */
    public Double meanPowerW() {
        return bracket == null ? null : bracket.meanPowerW();
    }

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
