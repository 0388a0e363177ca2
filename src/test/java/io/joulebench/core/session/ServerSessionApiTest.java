package io.joulebench.core.session;

import static io.joulebench.core.session.SessionFixtures.cells;
import static io.joulebench.core.session.SessionFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.Study;
import io.joulebench.core.traffic.OpenAiEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a study's task.api, read timeout and custom paths reach the session's probe, shapes and transport. */
class ServerSessionApiTest {

    @TempDir
    Path dir;

    private final FakeServices services = new FakeServices();

    private RecordingSink run(String yaml) throws InterruptedException {
        Study study = load(yaml);
        RecordingSink sink = new RecordingSink(dir);
        new ServerSession(io.joulebench.core.study.StudyPlan.of(study), cells(study), services, sink, StudyRunListener.NONE).run();
        return sink;
    }

    private static String reference(String task, String traffic, String execution) {
        return """
                serving_mode: server
                engine: reference
                task: {dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8%s}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {rate: 1, seed: 1, ramp_exclusion_seconds: 2, window_seconds: 10%s}
                  warmup: {mode: fixed, duration_seconds: 0}
                study_execution: {experiment_order: interleave%s}
                """.formatted(task, traffic, execution);
    }

    @Test
    void task_api_chat_measures_chat_completions_with_messages_and_probes_that_path() throws Exception {
        RecordingSink sink = run(reference(", api: chat", "", ""));

        assertThat(sink.failures).isEmpty();
        assertThat(services.endpoint).isEqualTo(OpenAiEndpoint.CHAT);
        assertThat(services.transportBase).isEqualTo(URI.create("http://127.0.0.1:1"));
        assertThat(services.launcher.probe.probePath()).isEqualTo("/v1/chat/completions");
        assertThat(services.launcher.probe.probeBody()).contains("\"messages\":[{\"role\":\"user\",\"content\":")
                .doesNotContain("\"prompt\"");
        Map<String, Object> payload = services.shapes.shape(3).payload();
        assertThat(payload).containsKeys("model", "messages", "max_tokens", "temperature").doesNotContainKey("prompt");
        assertThat((List<?>) payload.get("messages")).singleElement()
                .satisfies(m -> assertThat(((Map<?, ?>) m).get("role")).isEqualTo("user"))
                .satisfies(m -> assertThat(((Map<?, ?>) m).get("content")).asString().isNotBlank());
        assertThat(payload).containsEntry("model", "joulebench-sim-small");
    }

    @Test
    void completions_stay_the_default_with_prompt_bodies() throws Exception {
        run(reference("", "", ""));

        assertThat(services.endpoint).isEqualTo(OpenAiEndpoint.COMPLETIONS);
        assertThat(services.launcher.probe.probePath()).isEqualTo("/v1/completions");
        assertThat(services.shapes.shape(0).payload()).containsKey("prompt").doesNotContainKey("messages");
    }

    @Test
    void the_read_timeout_between_chunks_is_the_study_key_not_capped_at_60_s() throws Exception {
        run(reference("", ", read_timeout_seconds: 120", ", experiment_timeout_seconds: 600"));
        assertThat(services.readTimeout).isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void the_read_timeout_defaults_to_60_s_even_under_a_shorter_experiment_timeout() throws Exception {
        run(reference("", "", ", experiment_timeout_seconds: 30"));
        assertThat(services.readTimeout).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void a_custom_openai_path_under_a_prefix_moves_the_transport_base_and_the_probe() throws Exception {
        RecordingSink sink = run("""
                serving_mode: server
                engine: custom
                runners: {custom: process}
                task: {model: m, dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8}
                custom:
                  command: [my-server, --port, "{port}"]
                  health_path: /ready
                  openai_path: /gateway/v1/completions
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {rate: 1, seed: 1, ramp_exclusion_seconds: 2, window_seconds: 10}
                  warmup: {mode: fixed, duration_seconds: 0}
                """);

        assertThat(sink.failures).isEmpty();
        assertThat(services.transportBase).isEqualTo(URI.create("http://127.0.0.1:1/gateway"));
        assertThat(services.endpoint).isEqualTo(OpenAiEndpoint.COMPLETIONS);
        assertThat(services.launcher.probe.healthPath()).isEqualTo("/ready");
        assertThat(services.launcher.probe.probePath()).isEqualTo("/gateway/v1/completions");
        assertThat(services.launcher.spec.renderCommand(7000)).containsExactly("my-server", "--port", "7000");
    }
}
