package io.joulebench.core.study;

import java.util.List;

/**
 * {@code study_execution}: cycles, dispatch order, timeouts, gaps, the GPUs the study may use (null: any) and the
 * circuit breaker ({@code maxConsecutiveFailures} null or 0: never trips).
 */
public record ExecutionConfig(int nCycles, ExperimentOrder order, Long shuffleSeed, double experimentTimeoutSeconds,
                              double experimentGapSeconds, double cycleGapSeconds, List<Integer> gpuIndices,
                              Integer maxConsecutiveFailures, double circuitBreakerCooldownSeconds) {

    /** Upstream's defaults: trip after 10 consecutive failed cells, cool down 60 s before the probe. */
    public static final int DEFAULT_MAX_CONSECUTIVE_FAILURES = 10;
    public static final double DEFAULT_BREAKER_COOLDOWN_SECONDS = 60.0;

    public ExecutionConfig {
        gpuIndices = gpuIndices == null ? null : List.copyOf(gpuIndices);
    }

    /** Without the circuit breaker keys: upstream's defaults. */
    public ExecutionConfig(int nCycles, ExperimentOrder order, Long shuffleSeed, double experimentTimeoutSeconds,
                           double experimentGapSeconds, double cycleGapSeconds, List<Integer> gpuIndices) {
        this(nCycles, order, shuffleSeed, experimentTimeoutSeconds, experimentGapSeconds, cycleGapSeconds, gpuIndices,
                DEFAULT_MAX_CONSECUTIVE_FAILURES, DEFAULT_BREAKER_COOLDOWN_SECONDS);
    }

    /** The same settings in another dispatch order (the plan preview compares orders). */
    public ExecutionConfig withOrder(ExperimentOrder newOrder) {
        return new ExecutionConfig(nCycles, newOrder, shuffleSeed, experimentTimeoutSeconds, experimentGapSeconds,
                cycleGapSeconds, gpuIndices, maxConsecutiveFailures, circuitBreakerCooldownSeconds);
    }

    /** True when the circuit breaker can trip. */
    public boolean breakerEnabled() {
        return maxConsecutiveFailures != null && maxConsecutiveFailures > 0;
    }
}
