package io.joulebench.core.energy;

/**
 * What a bracket's energy covers: the accelerators ({@code gpu}) or the host ({@code host}: CPU packages, DRAM, the
 * CPU estimate). Decided by the energy source alone, so devices.csv and the per-domain figures agree on it.
 */
public enum EnergyDomain {
    GPU("gpu"),
    HOST("host");

    private final String label;

    EnergyDomain(String label) {
        this.label = label;
    }

    /** The spelling in results files. */
    public String label() {
        return label;
    }

    /** {@code host} for rapl and cpu-estimate; {@code gpu} for nvml, dcgm, simulated (and test meters). */
    public static EnergyDomain of(String source) {
        return EnergySource.fromWire(source)
                .filter(s -> s == EnergySource.RAPL || s == EnergySource.CPU_ESTIMATE)
                .map(s -> HOST).orElse(GPU);
    }
}
