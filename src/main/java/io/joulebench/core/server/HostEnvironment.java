package io.joulebench.core.server;

import com.github.dockerjava.api.DockerClient;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The outside world core may see, passed in by each composition root instead of read where it is needed: the user's
 * home folder (under which {@code ~/.joulebench} keeps pid files and the workbench's preferences), the Docker daemon
 * ({@code DOCKER_HOST}; null for docker-java's default) and the clock (monotonic and wall time). Tests build one over
 * a temp folder, so nothing they run touches the developer's home or Docker daemon.
 *
 * @param home       the user's home folder
 * @param dockerHost the Docker daemon to use; null for the default socket
 * @param clock      the one clock of the run
 */
public record HostEnvironment(Path home, String dockerHost, Clock clock) {

    public HostEnvironment {
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(clock, "clock");
        dockerHost = dockerHost == null || dockerHost.isBlank() ? null : dockerHost;
    }

    /** This process's: {@code user.home}, {@code DOCKER_HOST}, the system clock. Only composition roots call this. */
    public static HostEnvironment system() {
        return new HostEnvironment(Path.of(System.getProperty("user.home")), System.getenv("DOCKER_HOST"),
                Clock.system());
    }

    /** {@code ~/.joulebench}: Joulebench's own folder (pid files, the workbench's preferences). */
    public Path joulebenchDir() {
        return home.resolve(".joulebench");
    }

    /** {@code ~/.joulebench/run}: pid files and logs of process-runner servers (what {@code joulebench reap} reads). */
    public Path processStateDir() {
        return joulebenchDir().resolve("run");
    }

    /** A new client for {@link #dockerHost()}; the caller closes it. */
    public DockerClient docker() {
        return DockerClients.forHost(dockerHost);
    }

    /** Which daemon is meant, for messages. */
    public String describeDockerHost() {
        return DockerClients.describeHost(dockerHost);
    }
}
