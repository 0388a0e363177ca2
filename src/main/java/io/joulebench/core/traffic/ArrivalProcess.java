package io.joulebench.core.traffic;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The inter-arrival distribution of a schedule. {@link #label()} is the spelling used in files and on the CLI. */
public enum ArrivalProcess {
    /** Exponential gaps with mean 1/rate (CV = 1). */
    POISSON,
    /** Gamma gaps with mean 1/rate and a chosen CV ("burstiness"): shape k = 1/CV², scale θ = CV²/rate. */
    GAMMA,
    /** Every gap exactly 1/rate (CV = 0). */
    CONSTANT;

    private static final List<String> CHOICES = Arrays.stream(values()).map(ArrivalProcess::label).toList();

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

    /** Every label, in declaration order: the choices a study file, the CLI and the editor offer. */
    public static List<String> choices() {
        return CHOICES;
    }

    /** The labels as one comma-separated phrase, for messages. */
    public static String labels() {
        return String.join(", ", CHOICES);
    }
}
