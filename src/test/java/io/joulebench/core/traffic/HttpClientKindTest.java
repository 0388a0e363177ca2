package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpClientKindTest {

    @Test
    void parses_names_in_any_case_and_refuses_others() {
        assertThat(HttpClientKind.parse(" JDK ")).isEqualTo(HttpClientKind.JDK);
        assertThat(HttpClientKind.parse("http5")).isEqualTo(HttpClientKind.HTTP5);
        assertThat(HttpClientKind.parse("Nio")).isEqualTo(HttpClientKind.NIO);
        assertThatThrownBy(() -> HttpClientKind.parse("okhttp")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jdk, http5 or nio");
    }

    @Test
    void each_kind_builds_its_own_transport_on_the_same_options() {
        try (StreamingTransport jdk = HttpClientKind.JDK.builder().baseUrl(URI.create("http://127.0.0.1:1/"))
                .endpoint(OpenAiEndpoint.CHAT).build();
             StreamingTransport http5 = HttpClientKind.HTTP5.builder().baseUrl(URI.create("http://127.0.0.1:1/"))
                     .endpoint(OpenAiEndpoint.CHAT).build();
             StreamingTransport nio = HttpClientKind.NIO.builder().baseUrl(URI.create("http://127.0.0.1:1/"))
                     .endpoint(OpenAiEndpoint.CHAT).build()) {
            assertThat(jdk).isInstanceOf(OpenAiStreamingTransport.class);
            assertThat(http5).isInstanceOf(Http5StreamingTransport.class);
            assertThat(nio).isInstanceOf(NioStreamingTransport.class).isInstanceOf(ScheduledTransport.class);
            assertThat(nio.endpoint()).isEqualTo(OpenAiEndpoint.CHAT);
            assertThat(http5.endpoint()).isEqualTo(jdk.endpoint()).isEqualTo(OpenAiEndpoint.CHAT);
        }
    }

    @Test
    void a_refused_connection_is_a_transport_error_on_both_clients() throws Exception {
        for (HttpClientKind kind : HttpClientKind.values()) {
            try (StreamingTransport t = kind.builder().baseUrl(URI.create("http://127.0.0.1:1")).build()) {
                assertThatThrownBy(() -> t.send(new RequestShape(0, Map.of("prompt", "x"))))
                        .as(kind.label()).isInstanceOf(TransportException.class)
                        .hasMessageContaining("request to /v1/completions failed");
            }
        }
    }

    @Test
    void the_default_writes_on_schedule_over_plain_http_and_falls_back_to_http5_for_https() {
        assertThat(HttpClientKind.defaultFor(URI.create("http://10.0.0.7:8000/"))).isEqualTo(HttpClientKind.NIO);
        assertThat(HttpClientKind.defaultFor(URI.create("HTTP://node-3:8000"))).isEqualTo(HttpClientKind.NIO);
        assertThat(HttpClientKind.defaultFor(null)).as("bench issuance's in-process null server")
                .isEqualTo(HttpClientKind.NIO);
        assertThat(HttpClientKind.defaultFor(URI.create("https://gateway.example/v1"))).isEqualTo(HttpClientKind.HTTP5);
        try (StreamingTransport t = HttpClientKind.defaultFor(URI.create("https://127.0.0.1:1")).builder()
                .baseUrl(URI.create("https://127.0.0.1:1")).build()) {
            assertThat(t).isInstanceOf(Http5StreamingTransport.class);
        }
    }

    @Test
    void nio_refuses_https_by_name() {
        assertThatThrownBy(() -> HttpClientKind.NIO.builder().baseUrl(URI.create("https://127.0.0.1:1")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("http:// only");
    }
}
