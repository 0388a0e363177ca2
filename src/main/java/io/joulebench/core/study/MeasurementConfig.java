package io.joulebench.core.study;

import io.joulebench.core.energy.DeviceGroups;
import java.util.List;

/**
 * {@code measurement}: which energy sampler, DCGM exporter URLs, the idle baseline, the sampling cadence, the
 * exporters' collection interval and the CPU estimate's assumptions.
 *
 * @param dcgmIntervalMs     the DCGM exporters' collection interval ({@code dcgm-exporter -c}, default 30000): the
 *                           counter's update period for edge alignment, the final-scrape grace and staleness
 * @param cpuWattsPerCore    the CPU estimate's watts per busy core (default 10)
 * @param cpuIdleWatts       the CPU estimate's watts at zero CPU use (default 0)
 * @param deviceGroups       {@code device_groups}: named sets of GPU indices reported apiece (none by default)
 */
public record MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                                double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                                double cpuWattsPerCore, double cpuIdleWatts, DeviceGroups deviceGroups) {

    public static final int DEFAULT_DCGM_INTERVAL_MS = 30_000;
    public static final double DEFAULT_WATTS_PER_CORE = 10.0;

    public MeasurementConfig {
        dcgmUrls = List.copyOf(dcgmUrls);
        deviceGroups = deviceGroups == null ? DeviceGroups.NONE : deviceGroups;
    }

    /** Without device groups. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                             double cpuWattsPerCore, double cpuIdleWatts) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs, dcgmIntervalMs,
                cpuWattsPerCore, cpuIdleWatts, DeviceGroups.NONE);
    }

    /** With the default exporter interval and CPU estimate. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs,
                DEFAULT_DCGM_INTERVAL_MS, DEFAULT_WATTS_PER_CORE, 0);
    }
}
