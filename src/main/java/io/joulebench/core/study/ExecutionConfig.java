package io.joulebench.core.study;

import java.util.List;

/** {@code study_execution}: cycles, dispatch order, timeouts, gaps and the GPUs the study may use (null: any). */
public record ExecutionConfig(int nCycles, ExperimentOrder order, Long shuffleSeed, double experimentTimeoutSeconds,
                              double experimentGapSeconds, double cycleGapSeconds, List<Integer> gpuIndices) {

    public ExecutionConfig {
        gpuIndices = gpuIndices == null ? null : List.copyOf(gpuIndices);
    }
}
