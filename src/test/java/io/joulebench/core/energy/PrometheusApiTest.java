package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The sentences a Prometheus source gives for each way a URL can fail to be a usable Prometheus. */
class PrometheusApiTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private URI serve(int status, String body) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> FakePrometheus.send(ex, status, body));
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static List<PrometheusSeries> query(URI url) {
        try (PrometheusApi api = new PrometheusApi(url, null, Duration.ofSeconds(2))) {
            return api.query("up", 1.0);
        }
    }

    @Test
    void an_unreachable_prometheus_is_named_with_the_fix() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> query(URI.create("http://127.0.0.1:" + port))).isInstanceOf(MeterException.class)
                .hasMessageStartingWith("Prometheus at http://127.0.0.1:" + port + " is unreachable")
                .hasMessageContaining("kubectl port-forward");
    }

    @Test
    void a_url_that_is_not_a_prometheus_says_so() throws IOException {
        URI url = serve(200, "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\nDCGM_FI_DEV_POWER_USAGE{gpu=\"0\"} 300\n");
        assertThatThrownBy(() -> query(url)).isInstanceOf(MeterException.class)
                .hasMessageContaining(url + " is not a Prometheus server").hasMessageContaining("base URL");
    }

    @Test
    void a_404_html_page_is_not_a_prometheus_either() throws IOException {
        URI url = serve(404, "<html>not found</html>");
        assertThatThrownBy(() -> query(url)).hasMessageContaining("is not a Prometheus server")
                .hasMessageContaining("HTTP 404");
    }

    @Test
    void a_rejected_query_gives_prometheus_own_reason_and_the_query() throws IOException {
        URI url = serve(400, "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error at char 3\"}");
        assertThatThrownBy(() -> query(url)).hasMessageContaining("rejected the query up")
                .hasMessageContaining("parse error at char 3");
    }

    @Test
    void refused_credentials_name_the_setting() throws IOException {
        URI url = serve(401, "Unauthorized");
        assertThatThrownBy(() -> query(url)).hasMessageContaining("refused the credentials (HTTP 401)");
    }

    @Test
    void the_authorization_header_is_sent() {
        try (FakePrometheus prom = new FakePrometheus(1)) {
            try (PrometheusApi api = new PrometheusApi(prom.url(), "Bearer s3cret", Duration.ofSeconds(2))) {
                api.query("up", 1.0);
            }
            assertThat(prom.lastAuthorization).isEqualTo("Bearer s3cret");
        }
    }

    @Test
    void target_scrape_intervals_parse_prometheus_durations() {
        assertThat(PrometheusApi.parseDuration("15s")).isEqualTo(Duration.ofSeconds(15));
        assertThat(PrometheusApi.parseDuration("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(PrometheusApi.parseDuration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(PrometheusApi.parseDuration("soon")).isNull();
        assertThat(PrometheusApi.parseDuration("")).isNull();
    }

    @Test
    void basic_and_bearer_authorization_come_from_the_named_variables() {
        Map<String, String> env = Map.of("TOKEN", "abc", "U", "joule", "P", "pw");
        assertThat(PrometheusSettings.authorization("TOKEN", null, null, env, "k")).isEqualTo("Bearer abc");
        assertThat(PrometheusSettings.authorization(null, "U", "P", env, "k")).isEqualTo("Basic am91bGU6cHc=");
        assertThat(PrometheusSettings.authorization(null, null, null, env, "k")).isNull();
        assertThatThrownBy(() -> PrometheusSettings.authorization("MISSING", null, null, env, "measurement.prometheus.auth"))
                .hasMessage("the environment variable MISSING named by measurement.prometheus.auth is not set");
        assertThat(PrometheusSettings.of(URI.create("http://p:9090"), "up", PrometheusSettings.Unit.J)
                .withAuthorization("Bearer abc").toString()).doesNotContain("abc");
    }
}
