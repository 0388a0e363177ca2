package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code joulebench engine --port 0} as a real child process: prints its URL, serves, exits on SIGTERM within 2 s. */
class EngineProcessIT {

    @Test
    void engine_process_prints_its_url_serves_and_exits_on_sigterm() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                "io.joulebench.Main", "engine", "--port", "0"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader stdout = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = stdout.readLine();
            assertThat(line).matches("listening on http://127\\.0\\.0\\.1:\\d+");
            URI base = URI.create(line.substring("listening on ".length()));
            try (EngineClient client = new EngineClient(base)) {
                assertThat(client.get("/health").statusCode()).isEqualTo(200);
                String body = client.post("/v1/completions",
                        "{\"prompt\":\"hi\",\"max_tokens\":3,\"stream\":true,"
                                + "\"stream_options\":{\"include_usage\":true}}").body();
                assertThat(EngineClient.events(body)).hasSize(5).last().isEqualTo("[DONE]");
            }
            long start = System.nanoTime();
            process.destroy(); // SIGTERM
            assertThat(process.waitFor(2, TimeUnit.SECONDS)).as("exited within 2 s of SIGTERM").isTrue();
            assertThat((System.nanoTime() - start) / 1e9).isLessThan(2.0);
        } finally {
            process.destroyForcibly();
        }
    }
}
