package io.joulebench.core.energy;

import java.util.Objects;

/**
 * One row of {@code timeseries.csv}: a device's power, temperature, throttle state and telemetry at {@code tNanos}.
 */
public record PowerSample(long tNanos, int device, Double powerW, Double temperatureC, Boolean throttled,
                          DeviceTelemetry telemetry) {

    public PowerSample {
        Objects.requireNonNull(telemetry, "telemetry");
    }

    /** Without telemetry (fakes, the cleaned series of {@link PowerIntegral}). */
    public PowerSample(long tNanos, int device, Double powerW, Double temperatureC, Boolean throttled) {
        this(tNanos, device, powerW, temperatureC, throttled, DeviceTelemetry.NONE);
    }

    /** The sample of one device of a reading taken at {@code atNanos}. */
    public static PowerSample of(long atNanos, DeviceReading r) {
        return new PowerSample(atNanos, r.device(), r.powerW(), r.temperatureC(), r.throttled(), r.telemetry());
    }
}
