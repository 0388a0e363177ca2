package io.joulebench.core.warmup;

import java.util.Locale;

/** How the server is brought to loaded equilibrium before each level. */
public enum WarmupMode {
    /** Traffic until power plateau, temperature settled and throttle clear all hold, or the failsafe timeout. */
    COMPOSITE,
    /** Traffic for a fixed duration, no gate. */
    FIXED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
