package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every streaming transport (one per {@link HttpClientKind}) against the same scripted loopback server; the one timing
 * bound (an interrupt cancels within seconds) is generous.
 */
class StreamingTransportTest {

    private static final String SECRET = "Bearer sk-very-secret";
    private static final RequestShape SHAPE =
            new RequestShape(3, Map.of("model", "m", "prompt", "Say hello", "max_tokens", 2));

    private static StreamingTransport transport(HttpClientKind client, ScriptedHttpServer server,
                                                OpenAiEndpoint endpoint, Duration readTimeout) {
        return client.builder().baseUrl(server.baseUrl()).endpoint(endpoint)
                .header("Authorization", SECRET).readTimeout(readTimeout).build();
    }

    private static final String DELTA_HEL = "data: {\"choices\":[{\"text\":\"Hel\",\"finish_reason\":null}]}\n\n";
    private static final String DELTA_LO = "data: {\"choices\":[{\"text\":\"lo\",\"finish_reason\":null}]}\n\n";

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void streams_and_counts_client_side(HttpClientKind client) throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA_HEL);
            ScriptedHttpServer.chunk(out, DELTA_LO + "data: {\"choices\":[{\"text\":\"\",\"finish_reason\":\"length\"}]}\n\n");
            ScriptedHttpServer.chunk(out, "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":2}}\n\n");
            ScriptedHttpServer.chunk(out, "data: [DONE]\n\n");
            ScriptedHttpServer.lastChunk(out);
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(10))) {
            long before = System.nanoTime();
            CompletionResult r = transport.send(SHAPE);
            assertThat(r.tokenCount()).isEqualTo(2);
            assertThat(r.text()).isEqualTo("Hello");
            assertThat(r.finishReason()).isEqualTo("length");
            assertThat(r.serverPromptTokens()).isEqualTo(4);
            assertThat(r.serverCompletionTokens()).isEqualTo(2);
            assertThat(r.firstTokenAtNanos()).isBetween(before, System.nanoTime());

            ScriptedHttpServer.Request request = server.request();
            assertThat(request.requestLine()).isEqualTo("POST /v1/completions HTTP/1.1");
            assertThat(request.headers()).containsEntry("authorization", SECRET);
            JsonNode body = new ObjectMapper().readTree(request.body());
            assertThat(body.get("stream").asBoolean()).isTrue();
            assertThat(body.at("/stream_options/include_usage").asBoolean()).isTrue();
            assertThat(body.get("prompt").asText()).isEqualTo("Say hello");
            assertThat(body.get("max_tokens").asInt()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void chat_variant_posts_to_chat_completions_and_reads_delta_content(HttpClientKind client) throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, false);
            out.write(("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\n"
                    + "data: [DONE]\n\n").getBytes());
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.CHAT, Duration.ofSeconds(10))) {
            CompletionResult r = transport.send(SHAPE);
            assertThat(r.text()).isEqualTo("Hi");
            assertThat(server.request().requestLine()).startsWith("POST /v1/chat/completions ");
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void non_2xx_is_an_error_with_status_and_body_excerpt_but_no_secret(HttpClientKind client) throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 503, false);
            out.write("{\"error\": \"model overloaded\"}".getBytes());
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(10))) {
            assertThatThrownBy(() -> transport.send(SHAPE)).isInstanceOf(TransportException.class)
                    .hasMessageContaining("HTTP 503").hasMessageContaining("model overloaded")
                    .hasMessageNotContaining("sk-very-secret");
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void an_engine_that_echoes_the_key_in_its_error_does_not_put_it_in_the_error_text(HttpClientKind client)
            throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 401, false);
            out.write("{\"error\": \"invalid key sk-very-secret\"}".getBytes());
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(10))) {
            assertThatThrownBy(() -> transport.send(SHAPE)).isInstanceOf(TransportException.class)
                    .hasMessageContaining("HTTP 401").hasMessageContaining("invalid key ****")
                    .hasMessageNotContaining("sk-very-secret");
        }
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA_HEL + "data: {\"error\":{\"message\":\"auth " + SECRET + " revoked\"}}\n\n");
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(10))) {
            assertThatThrownBy(() -> transport.send(SHAPE)).isInstanceOf(TransportException.class)
                    .hasMessageContaining("server error in stream: auth **** revoked after 1 tokens")
                    .hasMessageNotContaining("sk-very-secret");
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void preserves_partial_on_mid_stream_reset(HttpClientKind client) throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA_HEL);
            ScriptedHttpServer.chunk(out, DELTA_LO);
            readPast(out); // the client has read both tokens: the reset cannot discard them unread
            ScriptedHttpServer.reset(socket);
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(10))) {
            TransportException e = catchTransport(() -> transport.send(SHAPE));
            assertThat(e.partial().tokenCount()).isEqualTo(2);
            assertThat(e.partial().text()).isEqualTo("Hello");
            assertThat(e.partial().finishReason()).isNull();
            assertThat(e.getMessage()).contains("after 2 tokens").doesNotContain("sk-very-secret");
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void a_stream_that_ends_before_done_is_an_error(HttpClientKind client) throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA_HEL);
            ScriptedHttpServer.lastChunk(out);
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(10))) {
            TransportException e = catchTransport(() -> transport.send(SHAPE));
            assertThat(e.getMessage()).contains("before [DONE]");
            assertThat(e.partial().tokenCount()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void read_timeout_between_chunks_keeps_the_partial(HttpClientKind client) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA_HEL);
            release.await();
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofMillis(300))) {
            TransportException e = catchTransport(() -> transport.send(SHAPE));
            assertThat(e.getMessage()).contains("read timeout");
            assertThat(e.partial().tokenCount()).isEqualTo(1);
        } finally {
            release.countDown();
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void an_interrupt_cancels_a_stalled_stream_promptly(HttpClientKind client) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch firstTokenRead = new CountDownLatch(1);
        try (ScriptedHttpServer server = new ScriptedHttpServer((socket, out) -> {
            ScriptedHttpServer.head(out, 200, true);
            ScriptedHttpServer.chunk(out, DELTA_HEL);
            readPast(out);
            firstTokenRead.countDown();
            release.await();
        }); StreamingTransport transport = transport(client, server, OpenAiEndpoint.COMPLETIONS, Duration.ofSeconds(60))) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    transport.send(SHAPE);
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            firstTokenRead.await(); // the token is the caller's; the stream then stalls until released
            caller.interrupt();
            caller.join(Duration.ofSeconds(5));
            assertThat(caller.isAlive()).isFalse();
            assertThat(thrown.get()).isInstanceOf(TransportException.class).hasMessageContaining("cancelled");
            assertThat(((TransportException) thrown.get()).partial().tokenCount()).isEqualTo(1);
        } finally {
            release.countDown();
        }
    }

    /**
     * Writes SSE comment lines (which the parser skips) until more has been written than the socket buffers on both
     * sides and the client's own buffers hold: when it returns, the client has read everything written before it.
     * A condition to wait on, where a fixed sleep would only make it likely.
     */
    /** More than Linux lets loopback buffers grow to (tcp_rmem's 32 MiB maximum plus tcp_wmem's 4 MiB). */
    private static final long PAST_BYTES = 40L << 20;
    private static final int PAST_LINE = 256 << 10;

    private static void readPast(java.io.OutputStream out) throws java.io.IOException {
        String line = ": " + "x".repeat(PAST_LINE - 3) + "\n";
        for (long written = 0; written < PAST_BYTES; written += PAST_LINE) {
            ScriptedHttpServer.chunk(out, line);
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    private static TransportException catchTransport(Call call) {
        try {
            call.run();
        } catch (TransportException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected a TransportException, got " + e, e);
        }
        throw new AssertionError("expected a TransportException, the call returned");
    }
}
