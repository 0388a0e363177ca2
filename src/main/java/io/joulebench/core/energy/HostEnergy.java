package io.joulebench.core.energy;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code measurement.host_energy}: whether a study measures the host beside the primary meter, and with what.
 * {@code auto} takes RAPL when it is readable, else the CPU estimate, and records why
 * ({@link MeterSelector#selectHost}).
 */
public enum HostEnergy {
    NONE("none"),
    AUTO("auto"),
    RAPL("rapl"),
    CPU_ESTIMATE("cpu-estimate");

    private static final List<String> WIRES = Arrays.stream(values()).map(HostEnergy::wire).toList();

    private final String wire;

    HostEnergy(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** Every spelling, for the schema and the editor. */
    public static List<String> wires() {
        return WIRES;
    }

    public static Optional<HostEnergy> fromWire(String wire) {
        return Arrays.stream(values()).filter(h -> h.wire.equals(wire)).findFirst();
    }
}
