package io.joulebench.core.study;

import io.joulebench.core.attribution.AttributionRule;
import java.util.List;

/**
 * {@code measurement}: which energy sampler, DCGM exporter URLs, the idle baseline, the sampling cadence, the
 * exporters' collection interval and the CPU estimate's assumptions.
 *
 * @param dcgmIntervalMs     the DCGM exporters' collection interval ({@code dcgm-exporter -c}, default 30000): the
 *                           counter's update period for edge alignment, the final-scrape grace and staleness
 * @param cpuWattsPerCore    the CPU estimate's watts per busy core (default 10)
 * @param cpuIdleWatts       the CPU estimate's watts at zero CPU use (default 0)
 * @param prefillWeight      {@code measurement.attribution.prefill_weight}: a prompt token's weight against an output
 *                           token when a window's energy is attributed to requests (estimated)
 */
public record MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                                double baselineDurationSeconds, int sampleIntervalMs, int dcgmIntervalMs,
                                double cpuWattsPerCore, double cpuIdleWatts, double prefillWeight) {

    public static final int DEFAULT_DCGM_INTERVAL_MS = 30_000;
    public static final double DEFAULT_WATTS_PER_CORE = 10.0;

    public MeasurementConfig {
        dcgmUrls = List.copyOf(dcgmUrls);
    }

    /** With the default exporter interval and CPU estimate. */
    public MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                             double baselineDurationSeconds, int sampleIntervalMs) {
        this(energySampler, dcgmUrls, baselineEnabled, baselineDurationSeconds, sampleIntervalMs,
                DEFAULT_DCGM_INTERVAL_MS, DEFAULT_WATTS_PER_CORE, 0, AttributionRule.DEFAULT_PREFILL_WEIGHT);
    }
}
