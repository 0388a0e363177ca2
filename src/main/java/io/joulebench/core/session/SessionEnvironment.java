package io.joulebench.core.session;

import com.github.dockerjava.api.DockerClient;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.server.EmbeddedServerFactory;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a {@link DefaultSessionRunner} needs from the outside world. Core never names the reference engine: the
 * composition root (CLI, GUI) passes its factory in.
 *
 * @param clock               the one monotonic clock of traffic, windows and meters
 * @param embedded            starts the in-process server; null when this runtime has none
 * @param docker              opens a Docker client (once per group that needs one, closed after it)
 * @param dockerHost          the daemon {@code docker} opens ({@link HostEnvironment#dockerHost()}); null: the default
 * @param home                the user's home folder, for {@code ~} in study paths ({@code model_cache})
 * @param processStateDir     pid files and logs of process-runner servers (what {@code joulebench reap} reads)
 * @param meters              meter settings; the session adds the engine's /metrics URL, the CPU target and the GPUs
 * @param engineCommand       how to run {@code joulebench} as a child process (replaces the leading
 *                            {@code joulebench} of the reference preset's process command)
 * @param shutdownGrace       polite-stop grace before a forced stop
 */
public record SessionEnvironment(Clock clock, EmbeddedServerFactory embedded, Supplier<DockerClient> docker,
                                 String dockerHost, Path home, Path processStateDir, MeterSelector.Config meters, List<String> engineCommand,
                                 Duration shutdownGrace) {

    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(2);

    public SessionEnvironment {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(docker, "docker");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(processStateDir, "processStateDir");
        Objects.requireNonNull(meters, "meters");
        engineCommand = List.copyOf(engineCommand);
        shutdownGrace = shutdownGrace == null ? DEFAULT_SHUTDOWN_GRACE : shutdownGrace;
    }

    /**
     * The standard wiring over a host: its clock, its Docker daemon, its pid-file folder, default meter settings,
     * this JVM as the {@code joulebench engine} child command. The composition root passes the engine seam.
     */
    public static SessionEnvironment standard(HostEnvironment host, EmbeddedServerFactory embedded) {
        return new SessionEnvironment(host.clock(), embedded, host::docker, host.dockerHost(), host.home(),
                host.processStateDir(),
                MeterSelector.Config.defaults(), currentJvmCommand(), DEFAULT_SHUTDOWN_GRACE);
    }

    /** This JVM's own java and class path running {@code io.joulebench.Main}: works from a jar, an IDE or tests. */
    public static List<String> currentJvmCommand() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-cp", System.getProperty("java.class.path"), "io.joulebench.Main");
    }
}
