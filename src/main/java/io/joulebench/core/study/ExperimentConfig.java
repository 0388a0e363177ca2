package io.joulebench.core.study;

/**
 * One fully resolved experiment, typed. Exactly one of {@code server}/{@code offline} is set (by mode) and exactly
 * one of {@code reference}/{@code engineOptions} (by engine). {@code runner} is in-process, process, container or
 * container:&lt;image&gt;.
 */
public record ExperimentConfig(ServingMode mode, String engine, String runner, TaskConfig task,
                               MeasurementConfig measurement, ServerConfig server, OfflineConfig offline,
                               ReferenceEngineOptions reference, ContainerEngineOptions engineOptions) {

    public boolean isServer() {
        return mode == ServingMode.SERVER;
    }
}
