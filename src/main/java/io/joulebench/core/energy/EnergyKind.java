package io.joulebench.core.energy;

import java.util.Locale;

/** How much a figure can be trusted. Nothing simulated or estimated may pass as measured. */
public enum EnergyKind {
    /** From a hardware counter or power sensor. */
    MEASURED,
    /** From a model of a measured quantity, e.g. CPU time × watts per core. */
    ESTIMATED,
    /** From the reference engine's power model; no hardware was read. */
    SIMULATED;

    /** The less trustworthy of the two: a sum that includes an estimate is an estimate. */
    public EnergyKind weakerOf(EnergyKind other) {
        return compareTo(other) >= 0 ? this : other;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
