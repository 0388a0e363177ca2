package io.joulebench.core.warmup;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How the server is brought to loaded equilibrium before each level. */
public enum WarmupMode {
    /** Traffic until power plateau, temperature settled and throttle clear all hold, or the failsafe timeout. */
    COMPOSITE,
    /** Traffic for a fixed duration, no gate. */
    FIXED;

    private static final List<String> LABELS = Arrays.stream(values()).map(WarmupMode::label).toList();

    /** The study's spelling ({@code server.warmup.mode}) and the label recorded with each level. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every label, in declaration order: the choices of {@code server.warmup.mode}. */
    public static List<String> labels() {
        return LABELS;
    }

    /** The mode a study names; {@link IllegalArgumentException} for anything else. */
    public static WarmupMode fromWire(String s) {
        return valueOf(s.toUpperCase(Locale.ROOT));
    }
}
