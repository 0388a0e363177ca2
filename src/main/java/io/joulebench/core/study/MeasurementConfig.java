package io.joulebench.core.study;

import java.util.List;

/** {@code measurement}: which energy sampler, DCGM exporter URLs, the idle baseline and the sampling cadence. */
public record MeasurementConfig(String energySampler, List<String> dcgmUrls, boolean baselineEnabled,
                                double baselineDurationSeconds, int sampleIntervalMs) {

    public MeasurementConfig {
        dcgmUrls = List.copyOf(dcgmUrls);
    }
}
