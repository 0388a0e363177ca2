package io.joulebench.core.energy;

/** One metered device: a GPU index, a RAPL domain, a DCGM GPU on a node, or the estimated CPU. */
public record DeviceInfo(int index, String name, String uuid) {
}
