package io.joulebench.core.study;

import io.joulebench.core.attribution.AttributionRule;
import io.joulebench.core.energy.DeviceGroups;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.HostEnergy;
import java.util.List;

/**
 * {@code measurement}: which energy sampler, DCGM exporter URLs, the idle baseline, the sampling cadence, the
 * exporters' collection interval and the CPU estimate's assumptions, the host meter beside the primary, the device
 * groups and the per-request attribution's weight.
 *
 * @param dcgmIntervalMs     the DCGM exporters' collection interval ({@code dcgm-exporter -c}, default 30000): the
 *                           counter's update period for edge alignment, the final-scrape grace and staleness
 * @param cpuWattsPerCore    the CPU estimate's watts per busy core (default 10)
 * @param cpuIdleWatts       the CPU estimate's watts at zero CPU use (default 0)
 * @param hostEnergy         a host meter beside the primary ({@code host_energy}, default none)
 * @param headlineDomain     which domain the headline energy is ({@code headline_domain}, default gpu)
 * @param deviceGroups       {@code device_groups}: named sets of GPU indices reported apiece (none by default)
 * @param prefillWeight      {@code measurement.attribution.prefill_weight}: a prompt token's weight against an output
 *                           token when a window's energy is attributed to requests (estimated)
 * @param prometheus         {@code measurement.prometheus} for the prometheus source; null when not given
 */
public record MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                                double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                                double cpuWattsPerCore, double cpuIdleWatts, HostEnergy hostEnergy,
                                HeadlineDomain headlineDomain, DeviceGroups deviceGroups, double prefillWeight,
                                PrometheusConfig prometheus) {

    public static final int DEFAULT_DCGM_INTERVAL_MS = 30_000;
    public static final double DEFAULT_WATTS_PER_CORE = 10.0;

    public MeasurementConfig {
        dcgmUrls = List.copyOf(dcgmUrls);
        hostEnergy = hostEnergy == null ? HostEnergy.NONE : hostEnergy;
        headlineDomain = headlineDomain == null ? HeadlineDomain.GPU : headlineDomain;
        deviceGroups = deviceGroups == null ? DeviceGroups.NONE : deviceGroups;
    }

    /** Without a Prometheus source. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                             double cpuWattsPerCore, double cpuIdleWatts, HostEnergy hostEnergy,
                             HeadlineDomain headlineDomain, DeviceGroups deviceGroups, double prefillWeight) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs, dcgmIntervalMs,
                cpuWattsPerCore, cpuIdleWatts, hostEnergy, headlineDomain, deviceGroups, prefillWeight, null);
    }

    /** The primary meter only, headline gpu, no device groups, the default attribution weight. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                             double cpuWattsPerCore, double cpuIdleWatts) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs, dcgmIntervalMs,
                cpuWattsPerCore, cpuIdleWatts, HostEnergy.NONE, HeadlineDomain.GPU);
    }

    /** With a host meter and headline; no device groups, the default attribution weight. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                             double cpuWattsPerCore, double cpuIdleWatts, HostEnergy hostEnergy,
                             HeadlineDomain headlineDomain) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs, dcgmIntervalMs,
                cpuWattsPerCore, cpuIdleWatts, hostEnergy, headlineDomain, DeviceGroups.NONE,
                AttributionRule.DEFAULT_PREFILL_WEIGHT);
    }

    /** With device groups; the primary meter only. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                             double cpuWattsPerCore, double cpuIdleWatts, DeviceGroups deviceGroups) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs, dcgmIntervalMs,
                cpuWattsPerCore, cpuIdleWatts, HostEnergy.NONE, HeadlineDomain.GPU, deviceGroups,
                AttributionRule.DEFAULT_PREFILL_WEIGHT);
    }

    /** With an attribution weight; the primary meter only. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                             double cpuWattsPerCore, double cpuIdleWatts, double prefillWeight) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs, dcgmIntervalMs,
                cpuWattsPerCore, cpuIdleWatts, HostEnergy.NONE, HeadlineDomain.GPU, DeviceGroups.NONE,
                prefillWeight);
    }

    /** With the default exporter interval and CPU estimate. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs,
                DEFAULT_DCGM_INTERVAL_MS, DEFAULT_WATTS_PER_CORE, 0, AttributionRule.DEFAULT_PREFILL_WEIGHT);
    }
}
