package io.joulebench.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.StreamingTransport;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StreamingNullServerTest {

    private static final TokenSchedule SCHEDULE = new TokenSchedule(5, 1_000_000, 2_000_000);
    private NullServer server;

    @BeforeEach
    void start() throws Exception {
        server = NullServer.start(0, SCHEDULE);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(HttpClientKind.class)
    void every_token_arrives_with_its_send_time_through_each_real_transport(HttpClientKind client) throws Exception {
        for (OpenAiEndpoint endpoint : OpenAiEndpoint.values()) {
            try (StreamingTransport transport = client.builder().baseUrl(URI.create(server.baseUrl()))
                    .endpoint(endpoint).captureSendTimes(true).readTimeout(Duration.ofSeconds(5)).build()) {
                for (int i = 0; i < 3; i++) {
                    CompletionResult r = transport.send(new RequestShape(i, Map.of("prompt", "x")));
                    assertThat(r.text()).isEqualTo("xxxxx");
                    assertThat(r.serverCompletionTokens()).isEqualTo(5);
                    assertThat(r.finishReason()).isEqualTo("length");
                    long[] sends = r.serverSendTimesNanos().toArray();
                    long[] receipts = r.tokenTimesNanos().toArray();
                    assertThat(sends).hasSize(5).isSorted().doesNotContain(CompletionResult.NO_SEND_TIME);
                    for (int k = 0; k < 5; k++) {
                        assertThat(receipts[k]).as("token %d is stamped after the server sent it", k)
                                .isGreaterThan(sends[k]);
                    }
                }
            }
        }
        assertThat(server.tokensSent()).isEqualTo(2 * 3 * 5);
    }

    @Test
    void health_announces_the_schedule_and_the_bench_reads_it_back() throws Exception {
        String response = exchange("GET /health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
        assertThat(response).startsWith("HTTP/1.1 200")
                .endsWith("{\"status\":\"ok\",\"tokens\":5,\"ttft_ns\":1000000,\"itl_ns\":2000000}");
        assertThat(IssuanceBench.probeSchedule(URI.create(server.baseUrl()))).isEqualTo(SCHEDULE);
        try (NullServer oneToken = NullServer.start(0)) {
            assertThat(IssuanceBench.probeSchedule(URI.create(oneToken.baseUrl()))).isNull();
        }
    }

    @Test
    void a_request_pipelined_behind_a_stream_is_answered_after_its_last_chunk_and_close_waits_for_it() throws Exception {
        String body = "{\"prompt\":\"x\"}";
        String post = "POST /v1/completions HTTP/1.1\r\nHost: a\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
        String response = exchange(post + "GET /health HTTP/1.1\r\nHost: a\r\n\r\n" + post.replace("Host: a\r\n",
                "Host: a\r\nConnection: close\r\n"));
        assertThat(response).containsSubsequence("HTTP/1.1 200", "Transfer-Encoding: chunked", "[DONE]", "0\r\n\r\n",
                "\"itl_ns\":2000000", "HTTP/1.1 200", "Transfer-Encoding: chunked", "[DONE]");
        assertThat(response).endsWith("0\r\n\r\n");
        Matcher sends = Pattern.compile("\"t_send_ns\":(-?\\d+)").matcher(response);
        int count = 0;
        while (sends.find()) {
            count++;
        }
        assertThat(count).isEqualTo(10);
        assertThat(dechunk(response.substring(0, response.indexOf("HTTP/1.1 200", 1))))
                .as("each chunk's size matches its bytes").contains("data: [DONE]\n\n");
    }

    @Test
    void a_client_that_leaves_mid_stream_does_not_stop_the_others() throws Exception {
        try (Socket gone = new Socket("127.0.0.1", server.port())) {
            gone.getOutputStream().write(("POST /v1/completions HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            gone.getOutputStream().flush();
            gone.getInputStream().read(); // the head arrived: the stream has started
        }
        String response = exchange("POST /v1/completions HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n");
        assertThat(response).contains("\"completion_tokens\":5").endsWith("0\r\n\r\n");
    }

    @Test
    void token_chunk_sizes_are_exact_whatever_the_digits_of_the_send_time() {
        NullStreamResponses responses = new NullStreamResponses(SCHEDULE);
        for (long t : new long[] {0, 7, -123456789L, Long.MAX_VALUE, Long.MIN_VALUE + 1}) {
            for (boolean chat : new boolean[] {false, true}) {
                String frame = new String(responses.token(chat, t, false), StandardCharsets.US_ASCII);
                assertThat(dechunk(frame)).contains("\"t_send_ns\":" + t + ",").endsWith("}\n\n");
                String last = new String(responses.token(chat, t, true), StandardCharsets.US_ASCII);
                assertThat(dechunk(last)).contains("\"t_send_ns\":" + t + ",").endsWith("data: [DONE]\n\n");
                assertThat(last).endsWith("\r\n0\r\n\r\n");
            }
        }
    }

    /** The payload of chunked framing (after any response head); fails on a size that does not match its bytes. */
    private static String dechunk(String s) {
        int at = s.startsWith("HTTP/") ? s.indexOf("\r\n\r\n") + 4 : 0;
        StringBuilder out = new StringBuilder();
        while (at < s.length()) {
            int eol = s.indexOf("\r\n", at);
            int size = Integer.parseInt(s.substring(at, eol), 16);
            if (size == 0) {
                break;
            }
            out.append(s, eol + 2, eol + 2 + size);
            assertThat(s.substring(eol + 2 + size, eol + 4 + size)).isEqualTo("\r\n");
            at = eol + 4 + size;
        }
        return out.toString();
    }

    private String exchange(String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            in.transferTo(got);
            return got.toString(StandardCharsets.UTF_8);
        }
    }
}
