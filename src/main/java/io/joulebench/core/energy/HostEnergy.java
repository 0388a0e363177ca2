package io.joulebench.core.energy;

import io.joulebench.core.WireName;

/**
 * {@code measurement.host_energy}: whether a study measures the host beside the primary meter, and with what.
 * {@code auto} takes RAPL when it is readable, else the CPU estimate, and records why
 * ({@link MeterSelector#selectHost}).
 */
public enum HostEnergy implements WireName {
    NONE,
    AUTO,
    RAPL,
    CPU_ESTIMATE
}
