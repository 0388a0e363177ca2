package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.ToolVersion;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EngineVersionTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A server answering 200 with the given body on each path, 404 elsewhere. */
    private URI serving(Map<String, String> answers) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String body = answers.get(exchange.getRequestURI().getPath());
            byte[] bytes = (body == null ? "not found" : body).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Test
    void a_server_that_answers_version_is_recorded_with_its_answer() throws Exception {
        URI base = serving(Map.of("/version", "{\"version\":\"0.11.0\"}"));
        assertThat(EngineVersion.of(LaunchSpec.builder(EnginePreset.VLLM).build(), Runner.CONTAINER, base))
                .isEqualTo("vllm 0.11.0");
    }

    @Test
    void llama_cpp_props_build_info_is_asked_when_version_is_not_served() throws Exception {
        URI base = serving(Map.of("/props", "{\"build_info\":\"b4567-abc123\",\"total_slots\":1}"));
        assertThat(EngineVersion.of(LaunchSpec.builder(EnginePreset.LLAMACPP).build(), Runner.PROCESS, base))
                .isEqualTo("llamacpp b4567-abc123");
    }

    @Test
    void an_engine_that_does_not_say_is_named_by_its_image_or_program() throws Exception {
        URI base = serving(Map.of("/version", "{\"no_version_here\":1}"));
        assertThat(EngineVersion.of(LaunchSpec.builder(EnginePreset.SGLANG).build(), Runner.CONTAINER, base))
                .isEqualTo("sglang (image lmsysorg/sglang:latest, version not reported)");
        assertThat(EngineVersion.of(LaunchSpec.builder(EnginePreset.TGI).build(), Runner.PROCESS, base))
                .isEqualTo("tgi (process text-generation-launcher, version not reported)");
    }

    @Test
    void the_in_process_reference_engine_is_this_build_and_is_not_asked() throws Exception {
        assertThat(EngineVersion.of(LaunchSpec.builder(EnginePreset.REFERENCE).build(), Runner.IN_PROCESS,
                URI.create("http://127.0.0.1:1"))).isEqualTo("reference " + ToolVersion.get());
    }
}
