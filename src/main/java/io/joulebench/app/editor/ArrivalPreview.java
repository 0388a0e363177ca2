package io.joulebench.app.editor;

/**
 * A histogram of inter-arrival gaps for one rate, drawn from the study's own arrival settings: {@code counts[i]}
 * gaps fall in {@code [i·binWidthS, (i+1)·binWidthS)}; the last bin also holds every longer gap.
 *
 * @param cv     the drawn gaps' coefficient of variation
 * @param gammaK the equivalent gamma shape 1/CV²
 */
public record ArrivalPreview(double rate, String arrival, int gaps, double binWidthS, int[] counts, double cv,
        double gammaK) {

    public ArrivalPreview {
        counts = counts.clone();
    }

    @Override
    public int[] counts() {
        return counts.clone();
    }
}
