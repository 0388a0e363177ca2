package io.joulebench.app.results;

/**
 * The windows of one series at one rate (and, when grouping by cycle, one cycle). The mean is over cycle means when
 * there are several cycles, otherwise over windows ({@code basis} says which); min–max and the 95 % interval (Student
 * t) are over the same values. {@code sloPass} is null when no window carries SLO data; {@code levelsValid} is true
 * only when every window's level passed validation ({@code level_valid = true}; unknown counts as not valid).
 * {@code meanTtftP99Ms} and {@code requestRateReqS} are the windows' {@link io.joulebench.core.results.LevelFigures},
 * the same figures the live level table shows.
 */
public record RateGroup(String series, double rate, Integer cycle, int windows, int cycles, double meanJPerToken,
        double minJPerToken, double maxJPerToken, double ci95Low, double ci95High, String basis,
        double meanTtftP99Ms, double requestRateReqS, int invalidWindows, Boolean sloPass, boolean levelsValid) {

    public double low(Interval interval) {
        return interval == Interval.MIN_MAX ? minJPerToken : ci95Low;
    }

    public double high(Interval interval) {
        return interval == Interval.MIN_MAX ? maxJPerToken : ci95High;
    }
}
