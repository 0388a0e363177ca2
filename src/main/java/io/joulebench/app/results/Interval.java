package io.joulebench.app.results;

/** Which spread the grouping view shows around a mean. */
public enum Interval {
    MIN_MAX("min–max"), CI95("95 % interval");

    private final String label;

    Interval(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
