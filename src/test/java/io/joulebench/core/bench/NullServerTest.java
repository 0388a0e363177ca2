package io.joulebench.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.OpenAiStreamingTransport;
import io.joulebench.core.traffic.RequestShape;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NullServerTest {

    private NullServer server;

    @BeforeEach
    void start() throws Exception {
        server = NullServer.start(0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void completion_streams_one_token_usage_and_done_through_the_real_transport() throws Exception {
        for (OpenAiEndpoint endpoint : OpenAiEndpoint.values()) {
            try (OpenAiStreamingTransport transport = OpenAiStreamingTransport.builder()
                    .baseUrl(URI.create(server.baseUrl())).endpoint(endpoint).readTimeout(Duration.ofSeconds(5))
                    .build()) {
                for (int i = 0; i < 3; i++) {
                    CompletionResult r = transport.send(new RequestShape(i, Map.of("prompt", "x")));
                    assertThat(r.text()).isEqualTo("x");
                    assertThat(r.tokenTimesNanos().toArray()).hasSize(1);
                    assertThat(r.serverPromptTokens()).isEqualTo(1);
                    assertThat(r.serverCompletionTokens()).isEqualTo(1);
                    assertThat(r.finishReason()).isEqualTo("length");
                }
            }
        }
    }

    @Test
    void pipelined_requests_on_one_connection_are_answered_in_order() throws Exception {
        String body = "{\"prompt\":\"x\"}";
        String post = "POST /v1/completions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length() + "\r\n\r\n" + body;
        String all = post + "GET /health HTTP/1.1\r\nHost: a\r\n\r\n" + post
                + "GET /nope HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";
        String response = exchange(all.getBytes(StandardCharsets.US_ASCII));
        assertThat(response.split("HTTP/1.1 ", -1)).hasSize(5);
        assertThat(response.indexOf("[DONE]")).isLessThan(response.indexOf("{\"status\":\"ok\"}"));
        assertThat(response.lastIndexOf("[DONE]")).isLessThan(response.indexOf("HTTP/1.1 404"));
        assertThat(response).containsSubsequence("HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 404");
        assertThat(server.served()).isEqualTo(4);
    }

    @Test
    void a_request_split_into_single_bytes_is_still_answered() throws Exception {
        byte[] request = ("POST /v1/completions HTTP/1.1\r\nHost: a\r\ncontent-length: 5\r\nConnection: close\r\n\r\n"
                + "hello").getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            for (byte b : request) {
                out.write(b);
                out.flush();
            }
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response).startsWith("HTTP/1.1 200").contains("\"usage\"").endsWith("data: [DONE]\n\n");
        }
    }

    @Test
    void a_request_head_larger_than_the_initial_buffer_is_answered() throws Exception {
        String response = exchange(("GET /health HTTP/1.1\r\nHost: a\r\nX-Pad: " + "p".repeat(5000)
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        assertThat(response).startsWith("HTTP/1.1 200").endsWith("{\"status\":\"ok\"}");
    }

    @Test
    void a_chunked_request_is_refused_and_the_connection_closed() throws Exception {
        String response = exchange(("POST /v1/completions HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        assertThat(response).startsWith("HTTP/1.1 400").contains("Connection: close");
    }

    /** Writes the bytes at once and reads until the server closes the connection. */
    private String exchange(byte[] request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            in.transferTo(got);
            return got.toString(StandardCharsets.UTF_8);
        }
    }
}
