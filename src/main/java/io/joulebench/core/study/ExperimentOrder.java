package io.joulebench.core.study;

/**
 * The dispatch order of cells across cycles. {@code SEQUENTIAL}: each cell's cycles adjacent ([A,A,B,B]);
 * {@code INTERLEAVE}: pass by pass ([A,B,A,B]); {@code SHUFFLE}: each pass shuffled, seeded from the study design
 * hash (or {@code shuffle_seed}); {@code REVERSE}: pass by pass, each pass in reverse grid order.
 */
public enum ExperimentOrder {
    SEQUENTIAL, INTERLEAVE, SHUFFLE, REVERSE;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static ExperimentOrder fromWire(String s) {
        return valueOf(s.toUpperCase(java.util.Locale.ROOT));
    }
}
