package io.joulebench.engine;

import static io.joulebench.engine.EngineClient.events;
import static io.joulebench.engine.EngineClient.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.time.VirtualClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReferenceEngineHttpTest {

    private static final String PROMPT = "Measure the energy, per token!";

    private RunningEngine engine;
    private EngineClient client;

    private void start(EngineOptions.Builder options) {
        engine = ReferenceEngine.start(options.override("decode_base_s", 0.0005).override("decode_per_seq_s", 0)
                .override("prefill_s_per_token", 0).build());
        client = new EngineClient(engine.baseUrl());
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    private static String completion(int maxTokens, boolean stream, boolean usage) {
        return "{\"model\":\"any\",\"prompt\":\"" + PROMPT + "\",\"max_tokens\":" + maxTokens + ",\"stream\":"
                + stream + (usage ? ",\"stream_options\":{\"include_usage\":true}" : "") + "}";
    }

    @Test
    void streamed_completion_has_one_chunk_per_token_then_usage_then_done() throws Exception {
        start(EngineOptions.builder());
        HttpResponse<String> r = client.post("/v1/completions", completion(7, true, true));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        List<String> events = events(r.body());
        assertThat(events).hasSize(7 + 2);
        assertThat(events.getLast()).isEqualTo("[DONE]");
        for (int i = 0; i < 7; i++) {
            JsonNode choice = json(events.get(i)).get("choices").get(0);
            assertThat(choice.get("text").asText()).isNotEmpty();
            assertThat(choice.get("finish_reason").isNull()).isEqualTo(i < 6);
        }
        assertThat(json(events.get(6)).at("/choices/0/finish_reason").asText()).isEqualTo("length");
        JsonNode usage = json(events.get(7)).get("usage");
        assertThat(usage.get("prompt_tokens").asInt()).isEqualTo(Tokenizer.count(PROMPT));
        assertThat(usage.get("completion_tokens").asInt()).isEqualTo(7);
        assertThat(usage.get("total_tokens").asInt()).isEqualTo(7 + Tokenizer.count(PROMPT));
    }

    @Test
    void usage_chunk_only_when_asked_for() throws Exception {
        start(EngineOptions.builder());
        List<String> events = events(client.post("/v1/completions", completion(3, true, false)).body());
        assertThat(events).hasSize(4).last().isEqualTo("[DONE]");
        assertThat(events).noneMatch(e -> e.contains("\"usage\""));
    }

    @Test
    void non_streamed_completion_carries_text_usage_and_finish_reason() throws Exception {
        start(EngineOptions.builder());
        HttpResponse<String> r = client.post("/v1/completions", completion(5, false, false));
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = json(r.body());
        assertThat(body.at("/choices/0/text").asText()).isNotBlank();
        assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("length");
        assertThat(body.at("/usage/completion_tokens").asInt()).isEqualTo(5);
    }

    @Test
    void chat_streams_delta_content_with_the_role_first() throws Exception {
        start(EngineOptions.builder());
        String request = "{\"messages\":[{\"role\":\"user\",\"content\":\"hi there\"}],\"max_tokens\":4,"
                + "\"stream\":true,\"stream_options\":{\"include_usage\":true}}";
        List<String> events = events(client.post("/v1/chat/completions", request).body());
        assertThat(events).hasSize(6).last().isEqualTo("[DONE]");
        assertThat(json(events.get(0)).at("/choices/0/delta/role").asText()).isEqualTo("assistant");
        for (int i = 0; i < 4; i++) {
            assertThat(json(events.get(i)).at("/choices/0/delta/content").asText()).isNotEmpty();
            assertThat(json(events.get(i)).get("object").asText()).isEqualTo("chat.completion.chunk");
        }
        assertThat(json(events.get(4)).at("/usage/prompt_tokens").asInt()).isEqualTo(1 + (1 + 2 + 2));
        JsonNode whole = json(client.post("/v1/chat/completions",
                "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_completion_tokens\":2}").body());
        assertThat(whole.at("/choices/0/message/content").asText()).isNotBlank();
        assertThat(whole.at("/usage/completion_tokens").asInt()).isEqualTo(2);
    }

    @Test
    void health_is_503_during_the_load_delay_then_200() throws Exception {
        VirtualClock clock = new VirtualClock(0);
        start(EngineOptions.builder().clock(clock).loadDelay(Duration.ofSeconds(30)));
        assertThat(client.get("/health").statusCode()).isEqualTo(503);
        assertThat(client.post("/v1/completions", completion(1, false, false)).statusCode()).isEqualTo(503);
        clock.advance(Duration.ofSeconds(30));
        assertThat(client.get("/health").statusCode()).isEqualTo(200);
        assertThat(json(client.get("/v1/models").body()).at("/data/0/id").asText())
                .isEqualTo("joulebench-sim-small");
    }

    @Test
    void version_answers_like_vllm_so_results_record_the_engines_version() throws Exception {
        start(EngineOptions.builder());
        var answer = client.get("/version");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(json(answer.body()).path("version").asText()).isEqualTo(io.joulebench.core.ToolVersion.get());
    }

    @Test
    void metrics_publish_dcgm_telemetry_vllm_counters_and_the_ground_truth() throws Exception {
        start(EngineOptions.builder().gpus(2).seed(11));
        client.post("/v1/completions", completion(6, true, true));
        String metrics = client.get("/metrics").body();
        for (String name : List.of("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "DCGM_FI_DEV_POWER_USAGE",
                "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")) {
            assertThat(metrics).contains("# TYPE " + name + " ");
            for (int gpu = 0; gpu < 2; gpu++) {
                assertThat(metrics).containsPattern(Pattern.quote(name) + "\\{gpu=\"" + gpu + "\",UUID=\""
                        + Pattern.quote(engine.powerModel().uuid(gpu)) + "\"[^}]*\\} \\d");
            }
        }
        assertThat(value(metrics, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION\\{gpu=\"1\"[^}]*\\}"))
                .matches("\\d+");
        assertThat(value(metrics, "vllm:generation_tokens_total\\{[^}]*\\}")).isEqualTo("6");
        assertThat(value(metrics, "vllm:prompt_tokens_total\\{[^}]*\\}"))
                .isEqualTo(String.valueOf(Tokenizer.count(PROMPT)));
        assertThat(value(metrics, "vllm:num_requests_running\\{[^}]*\\}")).isEqualTo("0");
        double truth = Double.parseDouble(value(metrics, "joulebench_sim_true_energy_joules_total\\{gpu=\"0\"\\}"));
        assertThat(truth).isPositive().isLessThanOrEqualTo(engine.powerModel().exactEnergyJoules(0));
        long counter = Long.parseLong(value(metrics, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION\\{gpu=\"0\"[^}]*\\}"));
        assertThat(counter).isLessThanOrEqualTo((long) Math.floor(truth * 1000));
    }

    private static String value(String metrics, String seriesRegex) {
        Matcher m = Pattern.compile("(?m)^" + seriesRegex + " (\\S+)$").matcher(metrics);
        assertThat(m.find()).as("series %s in%n%s", seriesRegex, metrics).isTrue();
        return m.group(1);
    }

    @Test
    void the_same_arrival_sequence_gives_the_same_outputs() throws Exception {
        List<String> first = texts(42);
        List<String> second = texts(42);
        assertThat(first).isEqualTo(second);
        assertThat(texts(43)).isNotEqualTo(first);
    }

    private List<String> texts(long seed) throws Exception {
        start(EngineOptions.builder().seed(seed));
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            out.add(json(client.post("/v1/completions", "{\"prompt\":\"x\"}").body()).at("/choices/0/text")
                    .asText());
        }
        stop();
        return out;
    }

    @Test
    void close_is_idempotent_and_releases_the_port() throws Exception {
        start(EngineOptions.builder());
        int port = engine.port();
        engine.close();
        engine.close();
        assertThat(engine.awaitTermination(Duration.ofSeconds(1))).isTrue();
        try (java.net.ServerSocket socket = new java.net.ServerSocket(port, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            assertThat(socket.getLocalPort()).isEqualTo(port);
        }
    }
}
