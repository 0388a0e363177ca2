package io.joulebench.core.study;

import io.joulebench.core.traffic.ArrivalProcess;

/**
 * {@code server.traffic}. {@code rate} is null only when a {@code trace} replays recorded arrivals;
 * {@code burstiness} (the CV of gaps) is used by gamma arrivals, null meaning 1.0; {@code seed} null means
 * nondeterministic; {@code concurrencyCap} null means uncapped.
 */
public record TrafficConfig(Double rate, ArrivalProcess arrival, Double burstiness, Long seed, double windowSeconds,
                            double rampExclusionSeconds, Integer concurrencyCap, SloConfig slo, String trace) {
}
