package io.joulebench.core.study;

/**
 * One fully resolved experiment, typed. Exactly one of {@code server}/{@code offline} is set (by mode) and exactly
 * one of {@code reference}/{@code engineOptions} (by engine). {@code runner} is in-process, process, container or
 * container:&lt;image&gt; or endpoint; {@code endpoint} is set for the endpoint runner only.
 */
public record ExperimentConfig(ServingMode mode, String engine, String runner, TaskConfig task,
                               MeasurementConfig measurement, ServerConfig server, OfflineConfig offline,
                               ReferenceEngineOptions reference, ContainerEngineOptions engineOptions,
                               EndpointConfig endpoint) {

    public ExperimentConfig(ServingMode mode, String engine, String runner, TaskConfig task,
                            MeasurementConfig measurement, ServerConfig server, OfflineConfig offline,
                            ReferenceEngineOptions reference, ContainerEngineOptions engineOptions) {
        this(mode, engine, runner, task, measurement, server, offline, reference, engineOptions, null);
    }

    public ExperimentConfig withServer(ServerConfig newServer) {
        return new ExperimentConfig(mode, engine, runner, task, measurement, newServer, offline, reference,
                engineOptions, endpoint);
    }

    public boolean isServer() {
        return mode == ServingMode.SERVER;
    }

    /**
     * The model the server serves: {@code task.model}, or for the reference engine without one the name it serves
     * ({@code joulebench-sim-<profile>}). Results record this, so their {@code model} is never empty.
     */
    public String servedModel() {
        if (task.model() != null) {
            return task.model();
        }
        return reference != null ? ReferenceEngineOptions.servedModelName(reference.profile()) : null;
    }
}
