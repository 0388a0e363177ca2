package io.joulebench.core.energy;

import io.joulebench.core.WireName;

import java.util.List;
import java.util.Optional;

/**
 * The energy sources a study ({@code measurement.energy_sampler}) or {@code joulebench meter --source} can name, with
 * the facts every caller used to re-type: the spelling, the kind of figure it gives, whether it reads the running
 * server (the reference engine's simulated counters, the CPU of the server's process) and so can only open once the
 * server is up, and a name for people. Core publishes these; the CLI, the schema and the editor list them from here.
 */
public enum EnergySource implements WireName {
    /** The best meter the machine has: NVML, DCGM, RAPL, then the simulated or estimated figure. */
    AUTO(null, false, "Automatic"),
    NVML(EnergyKind.MEASURED, false, "NVIDIA NVML"),
    RAPL(EnergyKind.MEASURED, false, "Intel/AMD RAPL"),
    DCGM(EnergyKind.MEASURED, false, "DCGM exporter"),
    /** Devices' energy counters (or power gauges) as a cluster's Prometheus stores them. */
    PROMETHEUS(EnergyKind.MEASURED, false, "Prometheus query"),
    CPU_ESTIMATE(EnergyKind.ESTIMATED, true, "CPU estimate"),
    SIMULATED(EnergyKind.SIMULATED, true, "Simulated (reference engine)");

    private static final List<String> WIRES = WireName.wires(EnergySource.class);

    private final EnergyKind kind;
    private final boolean needsRunningServer;
    private final String displayName;

    EnergySource(EnergyKind kind, boolean needsRunningServer, String displayName) {
        this.kind = kind;
        this.needsRunningServer = needsRunningServer;
        this.displayName = displayName;
    }

    /** The kind of figure this source gives; null for {@link #AUTO}, whose kind depends on what it picks. */
    public EnergyKind kind() {
        return kind;
    }

    /** Whether the meter reads the running server, so it can only be opened once the server is ready. */
    public boolean needsRunningServer() {
        return needsRunningServer;
    }

    public String displayName() {
        return displayName;
    }

    /** Every spelling, in the order the schema and the editor list them. */
    public static List<String> wires() {
        return WIRES;
    }

    /** The source spelled {@code wire}, if it is one. */
    public static Optional<EnergySource> fromWire(String wire) {
        return WireName.parse(EnergySource.class, wire);
    }

    /** Whether {@code wire} names a source that reads the running server; false for anything unknown. */
    public static boolean needsRunningServer(String wire) {
        return fromWire(wire).map(EnergySource::needsRunningServer).orElse(false);
    }
}
