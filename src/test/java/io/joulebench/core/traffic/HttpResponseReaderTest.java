package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpResponseReaderTest {

    private static final String CHUNKED = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n";

    /** Feeds {@code response} in pieces of {@code step} bytes; returns the body the sink saw. */
    private static String body(HttpResponseReader reader, String response, int step) throws Exception {
        byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int consumed = 0;
        for (int i = 0; i < bytes.length && !reader.done(); i += step) {
            consumed += reader.feed(bytes, i, Math.min(step, bytes.length - i), body::write);
        }
        assertThat(consumed).isLessThanOrEqualTo(bytes.length);
        return body.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void a_chunked_stream_reads_the_same_whatever_the_read_boundaries() throws Exception {
        for (int step = 1; step <= CHUNKED.length(); step++) {
            HttpResponseReader reader = new HttpResponseReader();
            assertThat(body(reader, CHUNKED, step)).as("step %d", step).isEqualTo("hello, world");
            assertThat(reader.done()).isTrue();
            assertThat(reader.status()).isEqualTo(200);
            assertThat(reader.streamed()).isTrue();
            assertThat(reader.reusable()).isTrue();
        }
    }

    @Test
    void content_length_ends_the_body_and_leaves_the_next_response_unread() throws Exception {
        HttpResponseReader reader = new HttpResponseReader();
        String two = "HTTP/1.1 503 Busy\r\nContent-Length: 4\r\n\r\nbusyHTTP/1.1 200 OK\r\n";
        byte[] bytes = two.getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int used = reader.feed(bytes, 0, bytes.length, body::write);
        assertThat(body.toString(StandardCharsets.ISO_8859_1)).isEqualTo("busy");
        assertThat(used).isEqualTo(two.indexOf("busy") + 4);
        assertThat(reader.status()).isEqualTo(503);
        assertThat(reader.streamed()).isFalse();
    }

    @Test
    void a_body_without_length_ends_with_the_connection_and_is_not_reusable() throws Exception {
        HttpResponseReader reader = new HttpResponseReader();
        assertThat(body(reader, "HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: x\n\n", 3))
                .isEqualTo("data: x\n\n");
        assertThat(reader.done()).isFalse();
        reader.endOfInput();
        assertThat(reader.done()).isTrue();
        assertThat(reader.reusable()).isFalse();
    }

    @Test
    void connection_close_and_an_interim_response_are_honoured() throws Exception {
        HttpResponseReader reader = new HttpResponseReader();
        assertThat(body(reader, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\n"
                + "Content-Length: 2\r\n\r\nok", 1)).isEqualTo("ok");
        assertThat(reader.status()).isEqualTo(200);
        assertThat(reader.reusable()).isFalse();
    }

    @Test
    void what_is_not_http_fails_with_a_short_reason() {
        assertThatThrownBy(() -> body(new HttpResponseReader(), "SSH-2.0-OpenSSH\r\n", 64))
                .isInstanceOf(HttpResponseReader.BadResponseException.class).hasMessageContaining("status line");
        assertThatThrownBy(() -> body(new HttpResponseReader(),
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 64))
                .isInstanceOf(HttpResponseReader.BadResponseException.class).hasMessageContaining("bad chunk size");
    }
}
