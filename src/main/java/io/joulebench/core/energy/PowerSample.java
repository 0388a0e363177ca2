package io.joulebench.core.energy;

/** One row of {@code timeseries.csv}: a device's power, temperature and throttle state at {@code tNanos}. */
public record PowerSample(long tNanos, int device, Double powerW, Double temperatureC, Boolean throttled) {
}
