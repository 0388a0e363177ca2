package io.joulebench.engine;

/**
 * One simulated GPU's telemetry at one instant.
 *
 * @param exactEnergyJ  ground truth: ∫P dt since start, unquantised, evaluated at {@code atNanos}
 * @param counterMj     the NVML-like counter: floor of the exact energy in mJ at the last update tick
 * @param powerW        instantaneous power
 * @param throttled     temperature at or above the profile's throttle limit
 */
public record GpuReading(int index, String uuid, long atNanos, double exactEnergyJ, long counterMj, double powerW,
                         double temperatureC, boolean throttled) {

    /** DCGM's clock-throttle-reasons bit for thermal slowdown. */
    public static final long THERMAL_SLOWDOWN = 0x20;

    public long throttleReasons() {
        return throttled ? THERMAL_SLOWDOWN : 0;
    }
}
