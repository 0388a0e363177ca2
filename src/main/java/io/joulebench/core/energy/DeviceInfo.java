package io.joulebench.core.energy;

/**
 * One metered device: a GPU index, a RAPL domain, a DCGM GPU on a node, or the estimated CPU.
 *
 * @param architecture the GPU's architecture as NVML names it (Hopper, Ampere…); null where the meter cannot say
 */
public record DeviceInfo(int index, String name, String uuid, String architecture) {

    /** A device whose architecture is unknown. */
    public DeviceInfo(int index, String name, String uuid) {
        this(index, name, uuid, null);
    }
}
