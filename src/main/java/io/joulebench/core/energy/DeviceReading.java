package io.joulebench.core.energy;

import java.util.Objects;

/**
 * One device at one instant. Any field the source cannot provide is null.
 *
 * @param energyJ      the energy counter in joules, arbitrary origin, never decreasing; null without a counter
 * @param powerW       power in watts (≥ 0)
 * @param temperatureC temperature in °C
 * @param throttled    whether a thermal throttle reason is active
 * @param telemetry    memory, SM clock, clock event reasons and instant power; {@link DeviceTelemetry#NONE} if none
 */
public record DeviceReading(int device, Double energyJ, Double powerW, Double temperatureC, Boolean throttled,
                            DeviceTelemetry telemetry) {

    public DeviceReading {
        Objects.requireNonNull(telemetry, "telemetry");
    }

    /** Without telemetry (RAPL, CPU estimate, fakes). */
    public DeviceReading(int device, Double energyJ, Double powerW, Double temperatureC, Boolean throttled) {
        this(device, energyJ, powerW, temperatureC, throttled, DeviceTelemetry.NONE);
    }
}
