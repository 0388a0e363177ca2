package io.joulebench.core.study;

import java.util.Arrays;
import java.util.List;

/**
 * The dispatch order of cells across cycles. {@code SEQUENTIAL}: each cell's cycles adjacent ([A,A,B,B]);
 * {@code INTERLEAVE}: pass by pass ([A,B,A,B]); {@code SHUFFLE}: each pass shuffled, seeded from the study design
 * hash (or {@code shuffle_seed}); {@code REVERSE}: pass by pass, each pass in reverse grid order;
 * {@code LATIN_SQUARE}: pass by pass, pass c in the order of row c of a balanced Latin square (see
 * {@link LatinSquare}), so every cell takes every position equally often across cycles.
 */
public enum ExperimentOrder {
    SEQUENTIAL, INTERLEAVE, SHUFFLE, REVERSE, LATIN_SQUARE;

    private static final List<String> WIRES = Arrays.stream(values()).map(ExperimentOrder::wire).toList();

    /** The spelling in study files ({@code study_execution.experiment_order}). */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Every spelling, in declaration order: the choices the schema and the editor offer. */
    public static List<String> wires() {
        return WIRES;
    }

    static ExperimentOrder fromWire(String s) {
        return valueOf(s.toUpperCase(java.util.Locale.ROOT));
    }
}
