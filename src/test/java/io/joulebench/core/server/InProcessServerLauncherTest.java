package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InProcessServerLauncherTest extends LauncherContract {

    private final List<FakeOpenAiServer> started = new ArrayList<>();
    private final InProcessServerLauncher launcher = new InProcessServerLauncher(spec -> {
        FakeOpenAiServer server = new FakeOpenAiServer(spec.port(), 2, 200);
        started.add(server);
        return server;
    });

    @Override
    protected ServerLauncher launcher() {
        return launcher;
    }

    @Override
    protected LaunchSpec spec() {
        return LaunchSpec.builder(EnginePreset.REFERENCE).build();
    }

    /** The fake refuses its first two health checks; polling it every 20 ms instead of 500 proves the same. */
    @Override
    protected ReadinessProbe probe() {
        return super.probe().withTiming(java.time.Duration.ofMillis(20), ReadinessProbe.DEFAULT_REQUEST_TIMEOUT);
    }

    @Override
    protected void assertNothingLeft(ServerHandle handle) {
        FakeOpenAiServer server = started.stream().filter(s -> s.port() == handle.port()).findFirst().orElseThrow();
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void embedded_server_is_started_on_the_chosen_port_and_probed_with_the_spec_model() throws Exception {
        ServerHandle handle = launchTracked(launcher, spec());
        launcher.awaitReady(handle, probe(), readyTimeout());

        FakeOpenAiServer server = started.getFirst();
        assertThat(server.port()).isEqualTo(handle.port());
        assertThat(server.healthRequests.get()).isEqualTo(3);
        assertThat(server.lastCompletionBody).contains("\"model\":\"reference\"").contains("\"max_tokens\":1");
    }

    @Test
    void a_factory_failure_is_a_launch_exception() {
        InProcessServerLauncher failing = new InProcessServerLauncher(spec -> {
            throw new IllegalStateException("engine config invalid");
        });
        assertThatThrownBy(() -> failing.launch(spec()))
                .isInstanceOf(ServerLaunchException.class)
                .hasMessageContaining("engine config invalid");
    }
}
