package io.joulebench.app.editor;

/**
 * A histogram of inter-arrival gaps for one rate, drawn from the study's own arrival settings: {@code counts[i]}
 * gaps fall in {@code [i·binWidthS, (i+1)·binWidthS)}; the last bin also holds every longer gap.
 *
 * @param cv       the drawn gaps' coefficient of variation
 * @param gammaK   the equivalent gamma shape 1/CV²
 * @param sessions the arrivals are session starts and the rate is sessions per second (a {@code task.sessions} level)
 */
public record ArrivalPreview(double rate, String arrival, int gaps, double binWidthS, int[] counts, double cv,
        double gammaK, boolean sessions) {

    public ArrivalPreview {
        counts = counts.clone();
    }

    public ArrivalPreview(double rate, String arrival, int gaps, double binWidthS, int[] counts, double cv,
                          double gammaK) {
        this(rate, arrival, gaps, binWidthS, counts, cv, gammaK, false);
    }

    @Override
    public int[] counts() {
        return counts.clone();
    }
}
