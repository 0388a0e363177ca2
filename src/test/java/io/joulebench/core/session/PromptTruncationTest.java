package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.server.ServerTokenizer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code task.max_input_tokens} (issue 20): the server's tokenizer where it has one, else the labelled estimate. */
class PromptTruncationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private HttpServer server;
    private final AtomicInteger tokenizeCalls = new AtomicInteger();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A llama.cpp-shaped tokenizer with one token per UTF-8 byte, like the tiny byte-level test model. */
    private URI byteTokenizer() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/tokenize", exchange -> {
            tokenizeCalls.incrementAndGet();
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            List<Integer> tokens = new ArrayList<>();
            for (byte b : body.get("content").asText().getBytes(StandardCharsets.UTF_8)) {
                tokens.add(b & 0xff);
            }
            reply(exchange, JSON.writeValueAsBytes(java.util.Map.of("tokens", tokens)));
        });
        server.createContext("/detokenize", exchange -> {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            byte[] bytes = new byte[body.get("tokens").size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) body.get("tokens").get(i).asInt();
            }
            reply(exchange, JSON.writeValueAsBytes(java.util.Map.of("content",
                    new String(bytes, StandardCharsets.UTF_8))));
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static void reply(com.sun.net.httpserver.HttpExchange exchange, byte[] bytes) throws java.io.IOException {
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Test
    void the_servers_tokenizer_cuts_a_long_prompt_to_exactly_the_limit_and_leaves_short_ones_alone() throws Exception {
        ServerTokenizer tokenizer = new ServerTokenizer(byteTokenizer(), ServerTokenizer.Dialect.LLAMA_CPP, null);
        String longPrompt = "x".repeat(3885);

        PromptTruncation.Outcome outcome = PromptTruncation.apply(List.of("short", longPrompt, longPrompt), 256,
                tokenizer);

        assertThat(outcome.prompts()).containsExactly("short", "x".repeat(256), "x".repeat(256));
        assertThat(outcome.rule()).isEqualTo(PromptTruncation.Rule.SERVER_TOKENIZER);
        assertThat(outcome.truncated()).isEqualTo(2);
        assertThat(outcome.fallbackReason()).isNull();
        assertThat(tokenizeCalls).as("short prompts and repeats are not sent; the cut is re-counted once").hasValue(2);
        assertThat(outcome.summary(256)).isEqualTo("2 of 3 prompt(s) cut to 256 input tokens (server tokenizer)");
    }

    @Test
    void without_a_tokenizer_the_estimate_of_four_characters_per_token_is_used_and_labelled() throws Exception {
        String prompt = "abcd".repeat(300); // 1,200 characters ≈ 300 tokens by the estimate

        PromptTruncation.Outcome outcome = PromptTruncation.apply(List.of(prompt, "fits"), 100, null);

        assertThat(outcome.prompts().getFirst()).hasSize(400);
        assertThat(outcome.prompts().get(1)).isEqualTo("fits");
        assertThat(outcome.rule()).isEqualTo(PromptTruncation.Rule.CLIENT_ESTIMATE);
        assertThat(outcome.summary(100)).contains("client-side estimate, 4 characters per token")
                .contains("no tokenizer endpoint");
    }

    @Test
    void a_tokenizer_that_fails_falls_back_to_the_estimate_and_says_why() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        ServerTokenizer tokenizer = new ServerTokenizer(URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
                ServerTokenizer.Dialect.VLLM, "m");

        PromptTruncation.Outcome outcome = PromptTruncation.apply(List.of("y".repeat(1000)), 10, tokenizer);

        assertThat(outcome.prompts().getFirst()).isEqualTo("y".repeat(40));
        assertThat(outcome.rule()).isEqualTo(PromptTruncation.Rule.CLIENT_ESTIMATE);
        assertThat(outcome.fallbackReason()).isEqualTo("/tokenize answered HTTP 404");
    }

    @Test
    void prompts_within_the_limit_by_bytes_need_no_tokenizer() throws Exception {
        PromptTruncation.Outcome outcome = PromptTruncation.apply(List.of("a", "bb"), 2, null);

        assertThat(outcome.rule()).isEqualTo(PromptTruncation.Rule.NOT_NEEDED);
        assertThat(outcome.truncated()).isZero();
        assertThat(outcome.fallbackReason()).isNull();
    }

    @Test
    void the_probe_prefix_never_exceeds_the_limit_in_utf8_bytes_nor_splits_a_character() {
        assertThat(PromptTruncation.certainlyFits("héllo wörld", 5)).isEqualTo("héll");
        assertThat(PromptTruncation.certainlyFits("😀😀", 5)).isEqualTo("😀");
        assertThat(PromptTruncation.certainlyFits("ok", 5)).isEqualTo("ok");
        assertThat(PromptTruncation.estimate("ab😀", 1)).isEqualTo("ab😀".substring(0, 4));
        assertThat(PromptTruncation.estimate("abc😀", 1)).isEqualTo("abc");
    }
}
