package io.joulebench.app.results;

/**
 * The windows of one series at one rate (and, when grouping by cycle, one cycle). {@code jPerToken} and its 95 %
 * interval are core's ratio estimate ({@link io.joulebench.core.compare.RatioEstimator#ofRows}: Σ energy / Σ output
 * tokens, the interval over cycles when there are several, otherwise over windows; {@code basis} says which), the
 * same figure the Compare tab and {@code joulebench compare} show for the level; min–max is over the same units' own
 * J/token. {@code sloPass} is null when no window carries SLO data; {@code levelsValid} is true only when every
 * window's level passed validation ({@code level_valid = true}; unknown counts as not valid).
 * {@code meanTtftP99Ms} and {@code requestRateReqS} are the windows' {@link io.joulebench.core.results.LevelFigures},
 * the same figures the live level table shows.
 */
public record RateGroup(String series, double rate, Integer cycle, int windows, int cycles, double jPerToken,
        double minJPerToken, double maxJPerToken, double ci95Low, double ci95High, String basis,
        double meanTtftP99Ms, double requestRateReqS, int invalidWindows, Boolean sloPass, boolean levelsValid) {

    public double low(Interval interval) {
        return interval == Interval.MIN_MAX ? minJPerToken : ci95Low;
    }

    public double high(Interval interval) {
        return interval == Interval.MIN_MAX ? maxJPerToken : ci95High;
    }
}
