package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerUtilitiesTest {

    @TempDir
    Path dir;

    @Test
    void a_free_port_can_be_bound_again_on_loopback() throws Exception {
        int port = FreePort.pick();
        assertThat(port).isBetween(1, 65535);
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            assertThat(s.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void an_unset_docker_host_is_named_with_the_default_socket_not_as_null() {
        assertThat(DockerClients.describeHost(null))
                .isEqualTo("DOCKER_HOST unset (default unix:///var/run/docker.sock)");
        assertThat(DockerClients.describeHost(" ")).startsWith("DOCKER_HOST unset");
        assertThat(DockerClients.describeHost("tcp://gpu-box:2375")).isEqualTo("DOCKER_HOST=tcp://gpu-box:2375");
    }

    @Test
    void a_kept_server_log_is_masked_and_named_by_the_session() throws Exception {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.CUSTOM).env("HF_TOKEN", "hf_zz9").sessionId("s42")
                .logDir(dir.resolve("logs")).build();

        ServerLogs.save(spec, "container-1", "login with hf_zz9\nready\n");
        ServerLogs.save(LaunchSpec.builder(EnginePreset.CUSTOM).build(), "nowhere", "no log dir: nothing written");

        assertThat(dir.resolve("logs/s42.log")).hasContent("login with ****\nready\n");
        assertThat(dir.resolve("logs")).isDirectoryContaining(p -> true);
        try (var files = Files.list(dir.resolve("logs"))) {
            assertThat(files.toList()).hasSize(1);
        }
    }

    @Test
    void log_tail_returns_the_last_characters_only() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "a".repeat(10_000) + "ü-the-end");
        assertThat(LogFiles.tail(log, 9)).isEqualTo("ü-the-end");
        assertThat(LogFiles.tail(log, 20_000)).hasSize(10_009);
        assertThat(LogFiles.tail(dir.resolve("missing.log"), 100)).isEmpty();
    }

    @Test
    void pid_files_round_trip_and_are_removed() {
        PidFiles files = new PidFiles(dir.resolve("run"));
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.LLAMACPP).studyId("st").sessionId("se").build();
        Path file = files.write(new ProcessIdentity(42, 1000), new ProcessIdentity(7, 2000), spec, "llama-server -m x",
                dir.resolve("x.log"));

        assertThat(files.list()).singleElement().satisfies(e -> {
            assertThat(e.server()).isEqualTo(new ProcessIdentity(42, 1000));
            assertThat(e.parent()).isEqualTo(new ProcessIdentity(7, 2000));
            assertThat(e.engine()).isEqualTo("llamacpp");
            assertThat(e.sessionId()).isEqualTo("se");
            assertThat(e.command()).isEqualTo("llama-server -m x");
            assertThat(e.log()).isEqualTo(dir.resolve("x.log"));
        });
        files.remove(file);
        assertThat(files.list()).isEmpty();
    }

    @Test
    void the_current_process_is_alive_and_a_recycled_pid_is_not_mistaken_for_it() {
        ProcessIdentity me = ProcessIdentity.current();
        assertThat(me.isAlive()).isTrue();
        assertThat(new ProcessIdentity(me.pid(), 0).isAlive()).isTrue();
        assertThat(new ProcessIdentity(me.pid(), me.startMillis() - 3_600_000).isAlive()).isFalse();
    }
}
