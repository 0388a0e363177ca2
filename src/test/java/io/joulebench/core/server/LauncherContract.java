package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ServerLauncher} must do: launch on loopback, become ready on both phases, serve the probe path,
 * and shut down idempotently without throwing and without leaving anything behind.
 */
abstract class LauncherContract {

    protected static final Duration GRACE = Duration.ofSeconds(2);
    private final List<ServerHandle> launched = new ArrayList<>();

    protected abstract ServerLauncher launcher();

    protected abstract LaunchSpec spec();

    protected ReadinessProbe probe() {
        return ReadinessProbe.forPreset(spec().engine(), spec().model());
    }

    protected Duration readyTimeout() {
        return Duration.ofSeconds(60);
    }

    /** Fails when anything of this handle survives: a container, a process, a pid file, an open server. */
    protected abstract void assertNothingLeft(ServerHandle handle) throws Exception;

    protected final ServerHandle launchTracked(ServerLauncher launcher, LaunchSpec spec) throws ServerLaunchException {
        ServerHandle handle = launcher.launch(spec);
        launched.add(handle);
        return handle;
    }

    @AfterEach
    void nothing_survives_a_test() throws Exception {
        for (ServerHandle h : launched) {
            launcher().shutdown(h, GRACE);
        }
        for (ServerHandle h : launched) {
            assertNothingLeft(h);
        }
    }

    @Test
    void launches_on_loopback_becomes_ready_and_serves_the_probe_path() throws Exception {
        ServerHandle handle = launchTracked(launcher(), spec());
        assertThat(handle.baseUrl().getHost()).isEqualTo("127.0.0.1");
        assertThat(handle.baseUrl().getPort()).isEqualTo(handle.port());

        launcher().awaitReady(handle, probe(), readyTimeout());

        assertThat(handle.isAlive()).isTrue();
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(handle.baseUrl() + probe().probePath()))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(probe().probeBody())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("choices");
    }

    @Test
    void shutdown_is_idempotent_never_throws_and_leaves_nothing() throws Exception {
        ServerHandle handle = launchTracked(launcher(), spec());
        launcher().awaitReady(handle, probe(), readyTimeout());

        assertThatCode(() -> {
            launcher().shutdown(handle, GRACE);
            launcher().shutdown(handle, GRACE);
        }).doesNotThrowAnyException();

        assertThat(handle.isAlive()).isFalse();
        assertNothingLeft(handle);
    }

    @Test
    void an_interrupted_caller_still_shuts_down_fully_and_keeps_its_interrupt() throws Exception {
        // SIGINT interrupts the study thread, which then tears its server down: an interrupt must not cut that short
        ServerHandle handle = launchTracked(launcher(), spec());
        launcher().awaitReady(handle, probe(), readyTimeout());

        Thread.currentThread().interrupt();
        boolean stillInterrupted;
        try {
            launcher().shutdown(handle, GRACE);
        } finally {
            stillInterrupted = Thread.interrupted();
        }

        assertThat(stillInterrupted).as("the caller's interrupt is restored").isTrue();
        assertThat(handle.isAlive()).isFalse();
        assertNothingLeft(handle);
    }

    @Test
    void shutdown_before_readiness_leaves_nothing() throws Exception {
        ServerHandle handle = launchTracked(launcher(), spec());
        launcher().shutdown(handle, GRACE);
        assertThat(handle.isAlive()).isFalse();
        assertNothingLeft(handle);
    }

    @Test
    void each_launch_gets_its_own_port() throws Exception {
        ServerHandle a = launchTracked(launcher(), spec());
        ServerHandle b = launchTracked(launcher(), spec());
        assertThat(a.port()).isNotEqualTo(b.port());
        launcher().awaitReady(a, probe(), readyTimeout());
        launcher().awaitReady(b, probe(), readyTimeout());
    }
}
