package io.joulebench.core.session;

import com.github.dockerjava.api.DockerClient;
import io.joulebench.core.energy.CpuTimeSource;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.server.DockerClients;
import io.joulebench.core.server.DockerServerLauncher;
import io.joulebench.core.server.EndpointServerLauncher;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.InProcessServerLauncher;
import io.joulebench.core.server.ProcessServerLauncher;
import io.joulebench.core.server.Runner;
import io.joulebench.core.server.ServerHandle;
import io.joulebench.core.server.ServerLaunchException;
import io.joulebench.core.server.ServerLauncher;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.MeasurementConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.window.TrafficSourceFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The real parts, from a {@link SessionEnvironment}; one instance per group (it owns the group's Docker client). */
public class EnvironmentServices implements SessionServices {

    private static final Logger LOG = LoggerFactory.getLogger(EnvironmentServices.class);

    private final SessionEnvironment env;
    private final List<Integer> gpuIndices;
    private DockerClient docker;

    public EnvironmentServices(SessionEnvironment env) {
        this(env, null);
    }

    /** @param gpuIndices the study's {@code study_execution.gpu_indices}; null = every GPU the meter sees */
    public EnvironmentServices(SessionEnvironment env, List<Integer> gpuIndices) {
        this.env = env;
        this.gpuIndices = gpuIndices == null ? null : List.copyOf(gpuIndices);
    }

    @Override
    public Clock clock() {
        return env.clock();
    }

    @Override
    public ServerLauncher launcher(ExperimentConfig experiment) throws ServerLaunchException {
        String runner = experiment.runner();
        if (Runner.IN_PROCESS.is(runner)) {
            if (env.embedded() == null || !experiment.engine().equals(EnginePreset.REFERENCE.id())) {
                throw new ServerLaunchException("engine '" + experiment.engine() + "' cannot run in-process here;"
                        + " use the process or container runner", "");
            }
            return new InProcessServerLauncher(env.embedded());
        }
        if (Runner.PROCESS.is(runner)) {
            return new ProcessServerLauncher(env.processStateDir());
        }
        if (Runner.ENDPOINT.is(runner)) {
            if (experiment.endpoint() == null) {
                throw new ServerLaunchException("runners." + experiment.engine() + " is endpoint but "
                        + experiment.engine() + ".url is not set", "");
            }
            return new EndpointServerLauncher(experiment.endpoint().url(), experiment.endpoint().apiKeyEnv(),
                    System::getenv);
        }
        if (docker == null) {
            DockerClient client = env.docker().get();
            if (!DockerClients.isReachable(client)) {
                closeQuietly(client);
                throw new ServerLaunchException("no Docker daemon is reachable (" + DockerClients.describeHost(env.dockerHost())
                        + "); start one or use another runner", "");
            }
            docker = client;
        }
        return new DockerServerLauncher(docker, env.dockerHost());
    }

    @Override
    public MeterSelector.Selection meterBeforeLaunch(ExperimentConfig experiment) {
        String source = experiment.measurement().energySampler();
        // sources that need the running server cannot measure its launch
        if (EnergySource.needsRunningServer(source)) {
            return null;
        }
        MeterSelector.Selection selection = MeterSelector.select(source, config(experiment));
        if (EnergySource.needsRunningServer(selection.meter().source())) {
            selection.meter().close(); // auto fell back to the engine's own figure: choose again once it runs
            return null;
        }
        return selection;
    }

    @Override
    public MeterSelector.Selection meterAfterReady(ExperimentConfig experiment, ServerHandle handle) {
        MeterSelector.Config c = config(experiment);
        if (experiment.engine().equals(EnginePreset.REFERENCE.id())) {
            c = c.withEngineUrls(List.of(URI.create(handle.baseUrl() + "/metrics")));
        }
        c = c.withCpu(cpuTarget(experiment, handle, c.cpuOptions().procRoot(), env.dockerHost()), c.cpuOptions());
        return MeterSelector.select(experiment.measurement().energySampler(), c);
    }

    @Override
    public MeterSelector.Selection hostMeter(ExperimentConfig experiment, ServerHandle handle) {
        MeterSelector.Config c = config(experiment);
        c = c.withCpu(cpuTarget(experiment, handle, c.cpuOptions().procRoot(), env.dockerHost()), c.cpuOptions());
        return MeterSelector.selectHost(experiment.measurement().hostEnergy(), c);
    }

    /**
     * What a CPU estimate reads: a container's cgroup when it is readable here (else its init process's tree), a
     * process runner's tree, or nothing when the server's processes are not on this machine (a remote Docker
     * daemon): measuring this machine instead would pass an unrelated figure off as the server's.
     */
    static CpuTimeSource cpuTarget(ExperimentConfig experiment, ServerHandle handle, Path procRoot, String dockerHost) {
        OptionalLong pid = handle.hostPid();
        boolean container = Runner.CONTAINER.is(experiment.runner());
        if (pid.isEmpty()) {
            String where = container ? "a Docker daemon that is not on this machine ("
                    + DockerClients.describeHost(dockerHost) + ")" : "processes this machine cannot see (" + handle.describe() + ")";
            return new CpuTimeSource.Unavailable("the server runs in " + where + ", so its CPU time cannot be read"
                    + " here; measure on its machine (measurement.dcgm_urls for its DCGM exporter) or run Docker"
                    + " locally");
        }
        return container ? CpuTimeSource.forContainer(pid.getAsLong(), procRoot, CpuTimeSource.DEFAULT_CGROUP_ROOT)
                : new CpuTimeSource.ProcessTree(pid.getAsLong());
    }

    /**
     * The environment's meter settings with the study's: exporter URLs and interval, CPU-estimate watts, and the
     * study's GPU selection, which every meter with devices applies (NVML by index, DCGM and simulated by the
     * {@code gpu} label), so a shared node's other GPUs are not summed in.
     */
    MeterSelector.Config config(ExperimentConfig experiment) {
        MeasurementConfig m = experiment.measurement();
        MeterSelector.Config c = env.meters().withEngineUrls(List.of());
        List<URI> urls = m.dcgmUrls().isEmpty() ? c.dcgmUrls() : m.dcgmUrls().stream().map(URI::create).toList();
        c = c.withDcgm(urls, c.dcgmOptions().withExporterInterval(Duration.ofMillis(m.dcgmIntervalMs())));
        c = c.withCpu(c.cpuTarget(), c.cpuOptions().withWatts(m.cpuWattsPerCore(), m.cpuIdleWatts()));
        if (gpuIndices != null) {
            c = c.withGpus(gpuIndices);
        }
        if (m.prometheus() != null && m.prometheus().url() != null && m.prometheus().query() != null) {
            try {
                c = c.withPrometheus(m.prometheus().settings(System.getenv()));
            } catch (IllegalArgumentException e) {
                throw new MeterException(e.getMessage(), e);
            }
        }
        return c;
    }

    @Override
    public SampledMeasurementBracket.Options bracketOptions(ExperimentConfig experiment) {
        return SampledMeasurementBracket.Options.defaults()
                .withSampleInterval(Duration.ofMillis(experiment.measurement().sampleIntervalMs()));
    }

    @Override
    public Transport transport(URI baseUrl, OpenAiEndpoint endpoint, Duration readTimeout) {
        return transport(baseUrl, endpoint, readTimeout, java.util.Map.of());
    }

    @Override
    public Transport transport(URI baseUrl, OpenAiEndpoint endpoint, Duration readTimeout,
                               java.util.Map<String, String> headers) {
        var builder = HttpClientKind.defaultFor(baseUrl).builder().baseUrl(baseUrl).endpoint(endpoint)
                .readTimeout(readTimeout).clock(env.clock()).keepText(false);
        headers.forEach(builder::header);
        return builder.build();
    }

    @Override
    public TrafficSourceFactory traffic(ResolvedCell cell, ShapeSource shapes, TracePrompts tracePrompts,
                                        Path studyDir, boolean warmup) {
        return LevelTraffic.factory(cell, shapes, tracePrompts, studyDir, env.clock(), warmup);
    }

    @Override
    public Duration shutdownGrace() {
        return env.shutdownGrace();
    }

    @Override
    public List<String> engineCommand() {
        return env.engineCommand();
    }

    @Override
    public Path home() {
        return env.home();
    }

    @Override
    public void close() {
        if (docker != null) {
            closeQuietly(docker);
            docker = null;
        }
    }

    private static void closeQuietly(DockerClient client) {
        try {
            client.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing the Docker client", e);
        }
    }
}
