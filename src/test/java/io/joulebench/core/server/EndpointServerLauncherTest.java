package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The endpoint runner against a small server that records what reached it (issue 33). */
class EndpointServerLauncherTest {

    private static final String KEY = "sk-test-0123456789";
    private HttpServer server;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        server.createContext("/", this::answer);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange ex) throws IOException {
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        seen.add(ex.getRequestMethod() + " " + ex.getRequestURI().getPath() + " " + auth);
        byte[] body = (ex.getRequestURI().getPath().equals("/version") ? "{\"version\":\"0.9.1\"}" : "{}")
                .getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(auth == null || auth.equals("Bearer " + KEY) ? 200 : 401, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private static LaunchSpec spec() {
        return LaunchSpec.builder(EnginePreset.VLLM).model("org/m").build();
    }

    @Test
    void readiness_and_the_version_probe_carry_the_key_and_shutdown_leaves_the_server_running()
            throws Exception {
        EndpointServerLauncher launcher = new EndpointServerLauncher(url(), "LLM_KEY", Map.of("LLM_KEY", KEY)::get);
        ServerHandle handle = launcher.launch(spec());
        assertThat(handle.baseUrl().toString()).doesNotEndWith("/");
        assertThat(handle.describe()).startsWith("attached http://127.0.0.1:").doesNotContain(KEY);
        launcher.awaitReady(handle, ReadinessProbe.forSpec(spec()).withTiming(Duration.ofMillis(10),
                Duration.ofSeconds(2)), Duration.ofSeconds(10));
        assertThat(EngineVersion.of(spec(), Runner.ENDPOINT, handle.baseUrl(), handle.requestHeaders()))
                .isEqualTo("vllm 0.9.1");
        assertThat(seen).contains("GET /health Bearer " + KEY, "POST /v1/completions Bearer " + KEY,
                "GET /version Bearer " + KEY);

        int before = seen.size();
        launcher.shutdown(handle, Duration.ofSeconds(1));
        launcher.shutdown(handle, Duration.ofSeconds(1));
        assertThat(seen).as("teardown sends nothing to the server").hasSize(before);
        assertThat(handle.requestHeaders()).as("the key is forgotten").isEmpty();
        assertThat(launcher.launch(spec()).isAlive()).as("the server still answers").isTrue();
    }

    @Test
    void without_a_key_variable_no_authorization_is_sent() throws Exception {
        ServerHandle handle = new EndpointServerLauncher(url(), null, name -> null).launch(spec());
        assertThat(handle.requestHeaders()).isEmpty();
        assertThat(seen).containsExactly("GET /health null");
    }

    @Test
    void an_unset_key_variable_is_a_sentence_naming_it_and_nothing_is_sent() {
        assertThatThrownBy(() -> new EndpointServerLauncher(url(), "LLM_KEY", name -> null).launch(spec()))
                .isInstanceOf(ServerLaunchException.class)
                .hasMessage("the API key variable LLM_KEY (vllm.api_key_env) is not set in this environment;"
                        + " export it before the run");
        assertThat(seen).isEmpty();
    }

    @Test
    void an_unreachable_url_fails_at_once_naming_it_without_credentials() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        URI dead = URI.create("http://me:pw@127.0.0.1:" + port + "/?token=abc");
        assertThatThrownBy(() -> new EndpointServerLauncher(dead, null, name -> null).launch(spec()))
                .isInstanceOf(ServerLaunchException.class)
                .hasMessageStartingWith("no server answers at http://127.0.0.1:" + port + " (")
                .hasMessageContaining("start it, or correct vllm.url")
                .hasMessageNotContaining("pw").hasMessageNotContaining("abc");
    }
}
