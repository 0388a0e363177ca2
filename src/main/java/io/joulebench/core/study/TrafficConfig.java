package io.joulebench.core.study;

import io.joulebench.core.traffic.ArrivalProcess;

/**
 * {@code server.traffic}. {@code rate} is null only when a {@code trace} replays recorded arrivals;
 * {@code burstiness} (the CV of gaps) is used by gamma arrivals, null meaning 1.0; {@code seed} null means a seed is
 * drawn per level and recorded with its windows; {@code concurrencyCap} null means uncapped;
 * {@code readTimeoutSeconds} is the longest wait for a response's headers and between two of its chunks.
 */
public record TrafficConfig(Double rate, ArrivalProcess arrival, Double burstiness, Long seed, double windowSeconds,
                            double rampExclusionSeconds, Integer concurrencyCap, SloConfig slo, String trace,
                            double readTimeoutSeconds) {

    /** The same traffic with the arrival seed fixed (the seed drawn for a run when the study leaves it null). */
    public TrafficConfig withSeed(long newSeed) {
        return new TrafficConfig(rate, arrival, burstiness, newSeed, windowSeconds, rampExclusionSeconds,
                concurrencyCap, slo, trace, readTimeoutSeconds);
    }
}
