package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every streaming transport against servers that behave on the wire as real engines' servers do (issue 20): the
 * default client once lost every second request to llama.cpp, which closes the connection after each stream while it
 * advertises keep-alive. The scenarios wait on the server's own count of closed connections, never on a sleep, so a
 * request always meets the connection in the state the case is about.
 */
class TransportWireBehaviourTest {

    private static final RequestShape SHAPE = new RequestShape(0, Map.of("model", "m", "prompt", "Hi", "max_tokens", 3));

    private static final List<String> THREE_TOKENS = List.of(
            "data: {\"choices\":[{\"text\":\"a\",\"index\":0,\"finish_reason\":null}]}",
            "data: {\"choices\":[{\"text\":\"b\",\"index\":0,\"finish_reason\":null}]}",
            "data: {\"choices\":[{\"text\":\"c\",\"index\":0,\"finish_reason\":\"length\"}]}",
            "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":3,\"total_tokens\":5}}",
            "data: [DONE]");

    private static StreamingTransport transport(HttpClientKind client, WireServer server) {
        return client.builder().baseUrl(server.baseUrl()).readTimeout(Duration.ofSeconds(10)).build();
    }

    /** Sends {@code n} requests one after another; before request i, at least i / closesBeforeNext connections ended. */
    private static List<CompletionResult> sequential(StreamingTransport transport, int n, IntSupplier closed,
                                                     int closesBeforeNext) throws Exception {
        List<CompletionResult> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                int expected = Math.min(i, closesBeforeNext == 0 ? 0 : i / closesBeforeNext);
                awaitAtLeast(closed, expected);
            }
            results.add(transport.send(SHAPE));
        }
        return results;
    }

    private static void awaitAtLeast(IntSupplier count, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (count.getAsInt() < expected) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("server closed " + count.getAsInt() + " connections, expected " + expected);
            }
            Thread.onSpinWait();
            Thread.sleep(1);
        }
    }

    private static void assertAllThreeTokens(List<CompletionResult> results) {
        for (CompletionResult r : results) {
            assertThat(r.tokenCount()).isEqualTo(3);
            assertThat(r.text()).isEqualTo("abc");
            assertThat(r.serverCompletionTokens()).isEqualTo(3);
        }
    }

    /** Servers that close connections the client thinks it may reuse, and how many requests each case sends. */
    static Stream<Arguments> closing_servers() {
        List<Arguments> cases = new ArrayList<>();
        for (HttpClientKind client : HttpClientKind.values()) {
            cases.add(Arguments.of(client, "closes after every stream (llama.cpp)", WireServer.Habits.llamaCpp(), 8, 1));
            cases.add(Arguments.of(client, "caps requests per connection at 3",
                    new WireServer.Habits(false, 3, 0, true), 10, 3));
            cases.add(Arguments.of(client, "closes connections idle for 50 ms, unadvertised",
                    new WireServer.Habits(false, Integer.MAX_VALUE, 50, true), 5, 1));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}: a server that {1}")
    @MethodSource("closing_servers")
    void a_server_that_closes_connections_loses_no_request(HttpClientKind client, String habit,
                                                           WireServer.Habits habits, int requests,
                                                           int requestsPerConnection) throws Exception {
        try (WireServer server = new WireServer(habits, THREE_TOKENS);
             StreamingTransport transport = transport(client, server)) {
            List<CompletionResult> results = sequential(transport, requests, server::ended, requestsPerConnection);
            assertAllThreeTokens(results);
            assertThat(server.requests()).as("a stale attempt never reaches the server").isEqualTo(requests);
            assertThat(results.stream().filter(CompletionResult::retried).count())
                    .as("the transport learns after the first stale connection").isLessThanOrEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void a_kept_alive_connection_is_reused(HttpClientKind client) throws Exception {
        try (WireServer server = new WireServer(WireServer.Habits.keepsConnections(), THREE_TOKENS);
             StreamingTransport transport = transport(client, server)) {
            assertAllThreeTokens(sequential(transport, 6, server::ended, 0));
            assertThat(server.connections()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void concurrent_requests_to_a_server_that_closes_after_every_stream_all_complete(HttpClientKind client)
            throws Exception {
        try (WireServer server = new WireServer(WireServer.Habits.llamaCpp(), THREE_TOKENS);
             StreamingTransport transport = transport(client, server)) {
            List<Thread> threads = new ArrayList<>();
            List<Object> outcomes = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < 8; i++) {
                    threads.add(Thread.ofVirtual().start(() -> {
                        try {
                            outcomes.add(transport.send(SHAPE));
                        } catch (Exception e) {
                            outcomes.add(e);
                        }
                    }));
                }
                for (Thread t : threads) {
                    t.join();
                }
                threads.clear();
                // every connection that carried a request ended (nio may hold spare connections open, unused)
                awaitAtLeast(() -> server.closedByServer() - server.requests() + 1, 1);
            }
            assertThat(outcomes).hasSize(40).allSatisfy(o -> assertThat(o).isInstanceOf(CompletionResult.class));
            assertThat(server.requests()).isEqualTo(40);
        }
    }

    /** Response bodies as the engines send them (one chunk per element), with what a client must read from each. */
    static Stream<Arguments> engine_shapes() {
        List<Arguments> cases = new ArrayList<>();
        for (HttpClientKind client : HttpClientKind.values()) {
            cases.add(Arguments.of(client, "vllm completions", OpenAiEndpoint.COMPLETIONS, List.of(
                    "data: {\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"text\":\" Hel\",\"logprobs\":null,\"finish_reason\":null,\"stop_reason\":null}],\"usage\":null}",
                    "data: {\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"text\":\"lo\",\"logprobs\":null,\"finish_reason\":\"length\",\"stop_reason\":null}],\"usage\":null}",
                    "data: {\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":1,\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"total_tokens\":7,\"completion_tokens\":2}}",
                    "data: [DONE]"), 2, " Hello", "length", 2));
            cases.add(Arguments.of(client, "sglang chat, keep-alive comments", OpenAiEndpoint.CHAT, List.of(
                    ": keep-alive",
                    "data: {\"id\":\"1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null,\"matched_stop\":null}],\"usage\":null}",
                    "data: {\"id\":\"1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":null,\"content\":\"Hi\"},\"logprobs\":null,\"finish_reason\":null,\"matched_stop\":null}],\"usage\":null}",
                    ": ping - 2026-12-01 20:00:00.000000",
                    "data: {\"id\":\"1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":null,\"content\":\" there\"},\"logprobs\":null,\"finish_reason\":\"stop\",\"matched_stop\":2}],\"usage\":null}",
                    "data: {\"id\":\"1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"total_tokens\":11,\"completion_tokens\":2}}",
                    "data: [DONE]"), 2, "Hi there", "stop", 2));
            cases.add(Arguments.of(client, "tgi chat, event and id fields", OpenAiEndpoint.CHAT, List.of(
                    "event: message\ndata: {\"object\":\"chat.completion.chunk\",\"id\":\"\",\"created\":1,\"model\":\"m\",\"system_fingerprint\":\"3.0.0-native\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Yes\"},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}",
                    "id: 2\ndata: {\"object\":\"chat.completion.chunk\",\"id\":\"\",\"created\":1,\"model\":\"m\",\"system_fingerprint\":\"3.0.0-native\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\".\"},\"logprobs\":null,\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":2,\"total_tokens\":6}}",
                    "data: [DONE]"), 2, "Yes.", "length", 2));
            cases.add(Arguments.of(client, "llama.cpp, held-back bytes merge tokens", OpenAiEndpoint.COMPLETIONS,
                    List.of(
                    "data: {\"choices\":[{\"text\":\"\u00e9 even\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}],\"created\":1,\"model\":\"/models/tiny.gguf\",\"system_fingerprint\":\"b11669-Debian\",\"object\":\"text_completion\",\"id\":\"chatcmpl-x\"}",
                    "data: {\"choices\":[{\"text\":\"T\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}],\"created\":1,\"model\":\"/models/tiny.gguf\",\"system_fingerprint\":\"b11669-Debian\",\"object\":\"text_completion\",\"id\":\"chatcmpl-x\"}",
                    "data: {\"choices\":[{\"text\":\"\",\"index\":0,\"logprobs\":null,\"finish_reason\":\"length\"}],\"created\":1,\"model\":\"/models/tiny.gguf\",\"system_fingerprint\":\"b11669-Debian\",\"object\":\"text_completion\",\"usage\":{\"completion_tokens\":4,\"prompt_tokens\":7,\"total_tokens\":11,\"prompt_tokens_details\":{\"cached_tokens\":0}},\"id\":\"chatcmpl-x\",\"timings\":{\"cache_n\":0,\"prompt_n\":7,\"prompt_ms\":1.43,\"predicted_n\":4,\"predicted_ms\":0.98}}",
                    "data: [DONE]"), 2, "\u00e9 evenT", "length", 4));
            cases.add(Arguments.of(client, "tensorrt-llm chat, multi-token deltas", OpenAiEndpoint.CHAT, List.of(
                    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}",
                    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"The quick brown\"},\"logprobs\":null,\"finish_reason\":null}]}",
                    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" fox jumps\"},\"logprobs\":null,\"finish_reason\":\"length\",\"stop_reason\":null}]}",
                    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"total_tokens\":8,\"completion_tokens\":5}}",
                    "data: [DONE]"), 2, "The quick brown fox jumps", "length", 5));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("engine_shapes")
    void reads_every_engine_shape(HttpClientKind client, String shape, OpenAiEndpoint endpoint, List<String> events,
                                  int clientTokens, String text, String finish, int serverTokens) throws Exception {
        try (WireServer server = new WireServer(WireServer.Habits.keepsConnections(), events);
             StreamingTransport transport = client.builder().baseUrl(server.baseUrl()).endpoint(endpoint)
                     .readTimeout(Duration.ofSeconds(10)).build()) {
            CompletionResult r = transport.send(SHAPE);
            assertThat(r.tokenCount()).as("client deltas").isEqualTo(clientTokens);
            assertThat(r.text()).isEqualTo(text);
            assertThat(r.finishReason()).isEqualTo(finish);
            assertThat(r.serverCompletionTokens()).as("usage.completion_tokens").isEqualTo(serverTokens);
            assertThat(r.retried()).isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void a_session_turn_keeps_its_reply_text_where_the_transport_keeps_none(HttpClientKind client) throws Exception {
        RequestShape turn = new RequestShape(1, SHAPE.payload(),
                RequestWorkload.NONE.inSession(new SessionTurn(0, 2, 3, 0L)));
        try (WireServer server = new WireServer(WireServer.Habits.llamaCpp(), THREE_TOKENS);
             StreamingTransport transport = client.builder().baseUrl(server.baseUrl()).keepText(false)
                     .readTimeout(Duration.ofSeconds(10)).build()) {
            assertThat(transport.send(SHAPE).text()).as("a plain request").isNull();
            awaitAtLeast(server::ended, 1);
            CompletionResult reply = transport.send(turn);
            assertThat(reply.text()).as("a session turn").isEqualTo("abc");
            assertThat(reply.tokenCount()).isEqualTo(3);
        }
    }
}
