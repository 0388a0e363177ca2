package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Trace-length bodies over the nio client (issue 34): each request's bytes go out from a pooled direct buffer, which is
 * lent again as soon as its request can no longer be sent again. Every body must still reach the server intact, while
 * other requests reuse buffers, and when a stale pooled connection makes one be sent a second time.
 */
class NioLargeBodyTest {

    private static final List<String> ONE_TOKEN = List.of(
            "data: {\"choices\":[{\"text\":\"a\",\"index\":0,\"finish_reason\":\"length\"}]}",
            "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":1,\"total_tokens\":3}}",
            "data: [DONE]");
    /** About 4,000 tokens of text: a 32 KiB buffer class. */
    private static final int PROMPT_CHARS = 16_000;

    private static RequestShape shape(int i) {
        String marker = "[request " + i + "] ";
        String prompt = marker + String.valueOf((char) ('a' + i % 26)).repeat(PROMPT_CHARS - marker.length());
        return new RequestShape(i, Map.of("model", "m", "prompt", prompt, "max_tokens", 1));
    }

    private static NioStreamingTransport transport(WireServer server) {
        return NioStreamingTransport.builder().baseUrl(server.baseUrl()).readTimeout(Duration.ofSeconds(10)).build();
    }

    private static Set<String> prompts(List<String> bodies) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Set<String> prompts = new TreeSet<>();
        for (String body : bodies) {
            prompts.add(json.readTree(body).get("prompt").asText());
        }
        return prompts;
    }

    private static Set<String> sent(int n) {
        Set<String> prompts = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            prompts.add((String) shape(i).payload().get("prompt"));
        }
        return prompts;
    }

    @Test
    void concurrent_large_bodies_arrive_intact_while_their_direct_buffers_are_reused() throws Exception {
        int threads = 8;
        int each = 25;
        try (WireServer server = new WireServer(WireServer.Habits.keepsConnections(), ONE_TOKEN);
             NioStreamingTransport transport = transport(server)) {
            List<Object> outcomes = Collections.synchronizedList(new ArrayList<>());
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t * each;
                started.add(Thread.ofVirtual().start(() -> {
                    for (int i = first; i < first + each; i++) {
                        try {
                            outcomes.add(transport.send(shape(i)));
                        } catch (Exception e) {
                            outcomes.add(e);
                        }
                    }
                }));
            }
            for (Thread t : started) {
                t.join();
            }
            assertThat(outcomes).hasSize(threads * each).allSatisfy(o -> assertThat(o)
                    .isInstanceOfSatisfying(CompletionResult.class, r -> assertThat(r.tokenCount()).isEqualTo(1)));
            assertThat(prompts(server.bodies())).isEqualTo(sent(threads * each));
            assertThat(transport.directRequestBytes()).as("written from direct buffers").isPositive()
                    .as("reused: at most one 32 KiB buffer per request in flight")
                    .isLessThanOrEqualTo(threads * 32L * 1024);
        }
    }

    @Test
    void bodies_the_issuer_encoded_ahead_arrive_intact_in_their_order() throws Exception {
        int n = 200;
        try (WireServer server = new WireServer(WireServer.Habits.keepsConnections(), ONE_TOKEN);
             NioStreamingTransport transport = transport(server)) {
            OpenLoopSource source = OpenLoopSource.builder()
                    .schedule(ArrivalSchedule.build(ScheduleSpec.poisson(400, 11L, n)))
                    .shapes(NioLargeBodyTest::shape).retainRecords(true).build();
            IssuerReport report = source.run(transport, Duration.ofSeconds(10));
            assertThat(report.records()).hasSize(n).allSatisfy(r -> assertThat(r.status()).isEqualTo(RequestStatus.OK));
            assertThat(prompts(server.bodies())).isEqualTo(sent(n));
        }
    }

    @Test
    void bytes_encoded_and_never_prepared_go_back_to_the_pool() throws Exception {
        try (WireServer server = new WireServer(WireServer.Habits.keepsConnections(), ONE_TOKEN);
             NioStreamingTransport transport = transport(server)) {
            ScheduledTransport.Encoded unsent = transport.encode(shape(0));
            long one = transport.directRequestBytes();
            assertThat(one).as("one direct buffer").isPositive();
            unsent.release();
            unsent.release();
            ScheduledTransport.Encoded next = transport.encode(shape(1));
            assertThat(transport.directRequestBytes()).as("the released buffer is lent again").isEqualTo(one);
            next.release();
        }
    }

    /**
     * A server that answers the first request on each connection and reads the second, then closes it unanswered
     * (after a pause): a keep-alive connection it dropped unseen, so the client sends that request again on a fresh
     * one. While the request waits to be sent again, another is prepared: had its buffer been given back at the first
     * write, the other request would take it and the second attempt would carry the other's body.
     */
    @Test
    void a_body_sent_again_after_a_stale_pooled_connection_is_its_own_intact() throws Exception {
        List<String> answered = new CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().start(() -> answerOnceThenDrop(server, answered));
            try (NioStreamingTransport transport = NioStreamingTransport.builder()
                    .baseUrl(URI.create("http://127.0.0.1:" + server.getLocalPort()))
                    .readTimeout(Duration.ofSeconds(10)).build()) {
                assertThat(transport.send(shape(0)).retried()).isFalse(); // its connection goes back to the pool

                CompletableFuture<CompletionResult> stale = new CompletableFuture<>();
                transport.prepare(shape(1)).write(callback(stale)); // on the pooled connection: read, then dropped
                ScheduledTransport.Prepared other = transport.prepare(shape(2));
                CompletionResult again = stale.get(10, TimeUnit.SECONDS);
                CompletableFuture<CompletionResult> last = new CompletableFuture<>();
                other.write(callback(last));

                assertThat(again.retried()).as("sent again on a fresh connection").isTrue();
                assertThat(last.get(10, TimeUnit.SECONDS).tokenCount()).isEqualTo(1);
                assertThat(prompts(answered)).as("each answered request carried its own body").isEqualTo(sent(3));
                assertThat(answered).hasSize(3);
            } finally {
                acceptor.interrupt();
            }
        }
    }

    private static ScheduledTransport.Callback callback(CompletableFuture<CompletionResult> outcome) {
        return new ScheduledTransport.Callback() {
            @Override
            public void completed(CompletionResult result) {
                outcome.complete(result);
            }

            @Override
            public void failed(TransportException failure) {
                outcome.completeExceptionally(failure);
            }
        };
    }

    private static void answerOnceThenDrop(ServerSocket server, List<String> answered) {
        byte[] body = String.join("", ONE_TOKEN.stream().map(e -> e + "\n\n").toList())
                .getBytes(StandardCharsets.UTF_8);
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: " + body.length
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread.ofVirtual().start(() -> {
                    try (socket) {
                        InputStream in = new BufferedInputStream(socket.getInputStream());
                        OutputStream out = socket.getOutputStream();
                        answered.add(ScriptedHttpServer.read(in).body());
                        out.write(head);
                        out.write(body);
                        out.flush();
                        ScriptedHttpServer.read(in);
                        Thread.sleep(200); // the test prepares another request meanwhile
                    } catch (IOException | InterruptedException e) {
                        // the client closed it, or the test ended
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }
}
