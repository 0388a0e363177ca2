package io.joulebench.core.energy;

/**
 * What a GPU meter reads beside energy, power and temperature; each field is null where the source cannot say (an
 * old driver, an exporter that does not publish it, a meter that is not a GPU).
 *
 * @param memoryUsedMib     device memory in use, MiB
 * @param smClockMhz        current SM clock, MHz
 * @param clockEventReasons the raw clock event (throttle) reason bits, as NVML and DCGM publish them; see
 *                          {@link ClockEventReasons}
 * @param powerInstantW     power from the instant field ({@code NVML_FI_DEV_POWER_INSTANT}); null where the power
 *                          came from an averaged reading
 */
public record DeviceTelemetry(Double memoryUsedMib, Integer smClockMhz, Long clockEventReasons, Double powerInstantW) {

    public static final DeviceTelemetry NONE = new DeviceTelemetry(null, null, null, null);

    /** The active reasons' names joined by {@code ;} ({@code none} when no bit is set); null when unknown. */
    public String throttleReasons() {
        return clockEventReasons == null ? null : ClockEventReasons.joined(clockEventReasons);
    }
}
