package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.energy.FakePrometheus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code joulebench meter --source prometheus} and {@code validate} of a Prometheus-measured study, against a fake
 * Prometheus: the measurement, the series listed before anything runs, and a sentence with exit 2 (never a stack
 * trace) for a query matching nothing, an unreachable Prometheus, a URL that is not one, and windows shorter than
 * the scrape interval.
 */
class PrometheusCommandsTest {

    private static final String QUERY = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{pod=~\"vllm-.*\"}";

    @TempDir
    Path dir;

    private final FakePrometheus prom = new FakePrometheus(0.2);

    record Run(int exit, String out, String err) {
    }

    @AfterEach
    void close() {
        prom.close();
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private void servePod() {
        prom.targetScrapeInterval = "200ms";
        prom.add("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "vllm-0", 0, t -> 300_000 * (t - 1.7e9));
    }

    @Test
    void meter_measures_the_selected_series_for_s_seconds() throws Exception {
        servePod();
        Run r = run("meter", "--source", "prometheus", "--prometheus-url", prom.url().toString(), "--query", QUERY,
                "--unit", "mJ", "--seconds", "1", "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("source").asText()).isEqualTo("prometheus");
        assertThat(json.path("method").asText()).isEqualTo("counter");
        double seconds = json.path("duration_s").asDouble();
        assertThat(json.path("total_energy_j").asDouble()).isCloseTo(300 * seconds, within(300 * seconds * 1e-4));
        assertThat(json.path("devices").get(0).path("name").asText()).contains("pod=\"vllm-0\"");
        assertThat(json.path("settings").path("scrape_interval_from").asText()).isEqualTo("prometheus targets");
    }

    @Test
    void meter_without_a_query_or_with_a_bad_unit_exits_2() {
        Run r = run("meter", "--source", "prometheus", "--prometheus-url", prom.url().toString(), "--seconds", "1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--source prometheus needs --prometheus-url and --query");
        r = run("meter", "--source", "prometheus", "--prometheus-url", prom.url().toString(), "--query", QUERY,
                "--unit", "kWh", "--seconds", "1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--unit must be mJ or J");
    }

    @Test
    void meter_on_a_query_matching_nothing_exits_2_with_the_query() {
        Run r = run("meter", "--source", "prometheus", "--prometheus-url", prom.url().toString(), "--query", QUERY,
                "--seconds", "1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("the Prometheus query " + QUERY + " matches no series").doesNotContain("\tat ");
    }

    @Test
    void meter_on_an_unreachable_prometheus_exits_2_saying_so() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Run r = run("meter", "--source", "prometheus", "--prometheus-url", "http://127.0.0.1:" + port, "--query",
                QUERY, "--seconds", "1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("is unreachable").doesNotContain("\tat ");
    }

    private Path study(String window) throws IOException {
        Path study = dir.resolve("prom.yaml");
        Files.writeString(study, """
                serving_mode: server
                server: {traffic: {rate: 4, window_seconds: %s}}
                measurement:
                  energy_sampler: prometheus
                  prometheus: {url: "%s", query: '%s', unit: mJ}
                """.formatted(window, prom.url(), QUERY));
        return study;
    }

    @Test
    void validate_prints_the_series_the_query_matches() throws IOException {
        servePod();
        prom.targetScrapeInterval = "5s";
        Run r = run("validate", study("12").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("prometheus: " + QUERY + " at " + prom.url() + " matches 1 series (scrape"
                + " interval 5.0 s, from prometheus targets):")
                .contains("  DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{UUID=\"GPU-0\",gpu=\"0\",instance=\"node-a:9400\","
                        + "job=\"dcgm\",pod=\"vllm-0\"}")
                .contains("12 s windows are shorter than 4 Prometheus scrape intervals (5 s)")
                .contains(": valid");
    }

    @Test
    void validate_refuses_a_query_matching_nothing_before_anything_runs() throws IOException {
        Run r = run("validate", study("30").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("measurement.prometheus: the Prometheus query " + QUERY + " matches no series")
                .doesNotContain("\tat ");
        assertThat(r.out()).doesNotContain(": valid");
    }

    @Test
    void run_refuses_a_query_matching_nothing_before_it_launches() throws IOException {
        Run r = run("run", study("30").toString(), "--out", dir.resolve("out").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("measurement.prometheus: the Prometheus query " + QUERY + " matches no series")
                .doesNotContain("\tat ");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void validate_refuses_windows_shorter_than_the_scrape_interval() throws IOException {
        servePod();
        prom.targetScrapeInterval = "30s";
        Run r = run("validate", study("20").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("20 s windows are shorter than the Prometheus scrape interval (30 s)");
    }

    @Test
    void validate_names_a_bad_unit_by_its_key_and_line() throws IOException {
        Path study = dir.resolve("unit.yaml");
        Files.writeString(study, """
                serving_mode: server
                measurement:
                  energy_sampler: prometheus
                  prometheus: {url: "http://localhost:9090", query: 'up', unit: kWh}
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unit.yaml:4:").contains("measurement.prometheus.unit").contains("mJ, J");
    }

    @Test
    void validate_names_a_study_without_the_prometheus_keys() throws IOException {
        Path study = dir.resolve("bare.yaml");
        Files.writeString(study, """
                serving_mode: server
                measurement: {energy_sampler: prometheus}
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("measurement.prometheus.url").contains("measurement.prometheus.query");
    }
}
