package io.joulebench.core.energy;

import java.util.Locale;

/** How a bracket's energy was obtained. */
public enum EnergyMethod {
    /** Delta of a monotonic energy counter read at the window edges (accurate to the counter's update period). */
    COUNTER,
    /** Trapezoidal integral of polled power after a 3-point median clean. */
    INTEGRATED_POWER;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
