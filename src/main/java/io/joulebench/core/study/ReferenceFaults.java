package io.joulebench.core.study;

/** {@code reference.faults}: fault injection for the reference engine (fractions in [0, 1]). */
public record ReferenceFaults(boolean neverReady, Double exitAfterSeconds, double stallFraction,
                              double errorFraction, double malformedSseFraction, double dropConnectionFraction) {

    public boolean any() {
        return neverReady || exitAfterSeconds != null || stallFraction > 0 || errorFraction > 0
                || malformedSseFraction > 0 || dropConnectionFraction > 0;
    }
}
