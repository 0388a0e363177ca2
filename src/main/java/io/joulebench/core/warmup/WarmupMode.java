package io.joulebench.core.warmup;

import java.util.Locale;

/** How the server is brought to loaded equilibrium before each level. */
public enum WarmupMode {
    /** Traffic until power plateau, temperature settled and throttle clear all hold, or the failsafe timeout. */
    COMPOSITE,
    /** Traffic for a fixed duration, no gate. */
    FIXED;

    /** The study's spelling ({@code server.warmup.mode}) and the label recorded with each level. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode a study names; {@link IllegalArgumentException} for anything else. */
    public static WarmupMode fromWire(String s) {
        return valueOf(s.toUpperCase(Locale.ROOT));
    }
}
