package io.joulebench.core.session;

import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.server.ServerHandle;
import io.joulebench.core.server.ServerLaunchException;
import io.joulebench.core.server.ServerLauncher;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.window.TrafficSourceFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The parts a session is assembled from. {@link EnvironmentServices} wires the real ones (launchers, meter selection,
 * the OpenAI transport, open-loop traffic); tests substitute fakes so a whole session runs on a virtual clock.
 */
public interface SessionServices extends AutoCloseable {

    Clock clock();

    /** The launcher of the experiment's runner (in-process, process, container, container:&lt;image&gt;, endpoint). */
    ServerLauncher launcher(ExperimentConfig experiment) throws ServerLaunchException;

    /**
     * The meter, when the study's source can be opened before the server exists (NVML, DCGM, RAPL), so the launch
     * phase is measured; null when the source needs the running server (simulated, CPU estimate).
     *
     * @throws io.joulebench.core.energy.MeterException when an explicitly requested source is unavailable
     */
    MeterSelector.Selection meterBeforeLaunch(ExperimentConfig experiment);

    /** The session meter once the server is ready (the engine's /metrics or the server's process tree known). */
    MeterSelector.Selection meterAfterReady(ExperimentConfig experiment, ServerHandle handle);

    /**
     * The host meter beside the session meter ({@code measurement.host_energy}), once the server is ready (the CPU
     * estimate reads its processes); null for {@code none}. Fakes measure no host.
     *
     * @throws io.joulebench.core.energy.MeterException when the requested host source is unavailable
     */
    default MeterSelector.Selection hostMeter(ExperimentConfig experiment, ServerHandle handle) {
        return null;
    }

    /** Brackets on this meter sample at the study's cadence. */
    SampledMeasurementBracket.Options bracketOptions(ExperimentConfig experiment);

    /** The streaming client of the measured path. */
    Transport transport(URI baseUrl, OpenAiEndpoint endpoint, Duration readTimeout);

    /**
     * The streaming client of the measured path, every request carrying {@code headers} (an attached server's
     * {@code Authorization}). Services that cannot send headers refuse a non-empty map rather than drop the key.
     */
    default Transport transport(URI baseUrl, OpenAiEndpoint endpoint, Duration readTimeout,
                                java.util.Map<String, String> headers) {
        if (!headers.isEmpty()) {
            throw new UnsupportedOperationException("these services send no request headers");
        }
        return transport(baseUrl, endpoint, readTimeout);
    }

    /**
     * The traffic of one level of {@code cell} ({@code warmup} false), or of the warmup before it (true): open-loop
     * arrivals at the cell's rate, or the cell's trace replayed.
     */
    TrafficSourceFactory traffic(ResolvedCell cell, ShapeSource shapes, TracePrompts tracePrompts, Path studyDir,
                                 boolean warmup);

    Duration shutdownGrace();

    /** How to run {@code joulebench} as a child process (the reference engine under the process runner). */
    java.util.List<String> engineCommand();

    /** The user's home folder ({@link io.joulebench.core.server.HostEnvironment#home()}), for {@code ~} in study paths. */
    Path home();

    /** Releases what the services opened (a Docker client). Never throws. */
    @Override
    void close();
}
