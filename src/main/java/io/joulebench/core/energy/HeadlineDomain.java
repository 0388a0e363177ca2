package io.joulebench.core.energy;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code measurement.headline_domain}: which figure a window's headline {@code energy_j} (and so J/token, the
 * stability gate and every summary) is: the GPUs' (the default), the host's, or the node's (GPU + host).
 */
public enum HeadlineDomain {
    GPU("gpu"),
    HOST("host"),
    NODE("node");

    private static final List<String> WIRES = Arrays.stream(values()).map(HeadlineDomain::wire).toList();

    private final String wire;

    HeadlineDomain(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static List<String> wires() {
        return WIRES;
    }

    public static Optional<HeadlineDomain> fromWire(String wire) {
        return Arrays.stream(values()).filter(h -> h.wire.equals(wire)).findFirst();
    }
}
