package io.joulebench.engine;

import static io.joulebench.engine.EngineClient.events;
import static io.joulebench.engine.EngineClient.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.StreamingTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The project's own OpenAI streaming transports read the reference engine's streams (issue 3, acceptance 1): one
 * receipt per generated token, the usage the transport asks for, and the finish reason, on both endpoints.
 */
class ReferenceEngineTransportTest {

    private static final String PROMPT = "Measure the energy, per token!";
    private static final List<Map<String, Object>> MESSAGES = List.of(Map.of("role", "user", "content", "hi there"));

    private RunningEngine engine;

    private void start(double earlyStopFraction) {
        engine = ReferenceEngine.start(EngineOptions.builder().seed(3)
                .override("decode_base_s", 0.0005).override("decode_per_seq_s", 0).override("prefill_s_per_token", 0)
                .override("early_stop_fraction", earlyStopFraction).build());
    }

    @AfterEach
    void stop() {
        if (engine != null) {
            engine.close();
        }
    }

    private CompletionResult send(HttpClientKind client, OpenAiEndpoint endpoint, Map<String, Object> payload)
            throws Exception {
        try (StreamingTransport transport = client.builder().baseUrl(engine.baseUrl()).endpoint(endpoint)
                .readTimeout(Duration.ofSeconds(10)).build()) {
            return transport.send(new RequestShape(0, payload));
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void completions_give_one_receipt_per_token_usage_and_length(HttpClientKind client) throws Exception {
        start(0);
        CompletionResult result = send(client, OpenAiEndpoint.COMPLETIONS, Map.of("prompt", PROMPT, "max_tokens", 12));
        assertThat(result.tokenCount()).isEqualTo(12);
        assertThat(result.serverCompletionTokens()).isEqualTo(12);
        assertThat(result.serverPromptTokens()).isEqualTo(Tokenizer.count(PROMPT));
        assertThat(result.finishReason()).isEqualTo("length");
        assertThat(result.text()).isNotBlank();
        assertThat(result.tokenTimesNanos().toArray()).isSorted();
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void chat_gives_one_receipt_per_token_usage_and_length(HttpClientKind client) throws Exception {
        start(0);
        CompletionResult result = send(client, OpenAiEndpoint.CHAT, Map.of("messages", MESSAGES, "max_tokens", 9));
        assertThat(result.tokenCount()).isEqualTo(9);
        assertThat(result.serverCompletionTokens()).isEqualTo(9);
        assertThat(result.serverPromptTokens()).isEqualTo(1 + (1 + 2 + 2));
        assertThat(result.finishReason()).isEqualTo("length");
        assertThat(result.text()).isNotBlank();
    }

    /** Every request stops early (a seeded length in [1, M−1]): the receipts still match the server's count. */
    @ParameterizedTest
    @EnumSource(OpenAiEndpoint.class)
    void an_early_stop_is_read_as_stop_with_matching_counts(OpenAiEndpoint endpoint) throws Exception {
        start(1.0);
        Map<String, Object> payload = endpoint == OpenAiEndpoint.CHAT
                ? Map.of("messages", MESSAGES, "max_tokens", 20) : Map.of("prompt", PROMPT, "max_tokens", 20);
        for (int i = 0; i < 5; i++) {
            CompletionResult result = send(HttpClientKind.defaultFor(engine.baseUrl()), endpoint, payload);
            assertThat(result.finishReason()).isEqualTo("stop");
            assertThat(result.tokenCount()).isBetween(1, 19).isEqualTo(result.serverCompletionTokens());
        }
    }

    /** The transport always asks for usage; a client that does not gets no usage chunk, on either endpoint. */
    @Test
    void without_include_usage_no_usage_chunk_arrives() throws Exception {
        start(0);
        try (EngineClient client = new EngineClient(engine.baseUrl())) {
            List<String> completions = events(client.post("/v1/completions",
                    "{\"prompt\":\"hi\",\"max_tokens\":3,\"stream\":true}").body());
            List<String> chat = events(client.post("/v1/chat/completions",
                    "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_tokens\":3,\"stream\":true,"
                            + "\"stream_options\":{\"include_usage\":false}}").body());
            for (List<String> stream : List.of(completions, chat)) {
                assertThat(stream).hasSize(3 + 1).last().isEqualTo("[DONE]");
                assertThat(stream.subList(0, 3)).allSatisfy(e -> assertThat(json(e).has("usage")).isFalse());
            }
        }
    }
}
