package io.joulebench.core.energy;

import io.joulebench.core.WireName;

/**
 * What part of the machine a meter's figure covers: the GPUs ({@code nvml}, {@code dcgm}, the reference engine's
 * {@code simulated} GPUs) or the host's CPU package ({@code rapl}, {@code cpu-estimate}). A window measured by
 * more than one meter carries each domain's result ({@link BracketResult#domain}).
 */
public enum EnergyDomain implements WireName {
    GPU,
    HOST;

    /** The spelling in results ({@code energy_domains}, {@code headline_domain}, {@code node_energy_domains}). */
    public String label() {
        return wire();
    }

    /** {@code host} for rapl and cpu-estimate; {@code gpu} for nvml, dcgm, simulated (and test meters). */
    public static EnergyDomain of(String source) {
        return EnergySource.fromWire(source)
                .filter(s -> s == EnergySource.RAPL || s == EnergySource.CPU_ESTIMATE)
                .map(s -> HOST).orElse(GPU);
    }
}
