package io.joulebench.core.energy;

import java.util.List;

/** Every selected device read at {@code atNanos} on the shared clock. */
public record MeterReading(long atNanos, List<DeviceReading> devices) {

    public MeterReading {
        devices = List.copyOf(devices);
    }
}
