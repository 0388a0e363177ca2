package io.joulebench.core.traffic;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The inter-arrival distribution of a schedule. {@link #label()} is the spelling used in files and on the CLI. */
public enum ArrivalProcess {
    /** Exponential gaps with mean 1/rate (CV = 1). */
    POISSON,
    /** Gamma gaps with mean 1/rate and a chosen CV ("burstiness"): shape k = 1/CV², scale θ = CV²/rate. */
    GAMMA,
    /** Every gap exactly 1/rate (CV = 0). */
    CONSTANT;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a label case-insensitively; the message lists the accepted labels. */
    public static ArrivalProcess parse(String label) {
        if (label != null) {
            for (ArrivalProcess p : values()) {
                if (p.label().equalsIgnoreCase(label.strip())) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException("arrival must be one of " + labels() + " (got '" + label + "')");
    }

    public static String labels() {
        return Arrays.stream(values()).map(ArrivalProcess::label).collect(Collectors.joining(", "));
    }
}
