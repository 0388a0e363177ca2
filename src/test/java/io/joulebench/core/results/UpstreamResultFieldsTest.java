package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.csv.CsvCells;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.RunnerProvenance;
import io.joulebench.core.session.SessionBlock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Upstream's fields that Joulebench derives: throttle from the samples, runner provenance, the manifest's view. */
class UpstreamResultFieldsTest {

    private static final long S = 1_000_000_000L;

    private static BracketResult bracket(List<PowerSample> samples) {
        return new BracketResult(new BracketResult.Span(10 * S, 14 * S, Instant.EPOCH, Instant.EPOCH.plusSeconds(4)),
                new BracketResult.Provenance("nvml", EnergyKind.MEASURED, EnergyMethod.COUNTER, List.of()),
                400.0, List.of(150.0, 250.0), 401.0, null, samples, List.of());
    }

    @Test
    void throttle_counts_the_longest_throttled_device_between_samples_and_leaves_the_causes_null() {
        JsonNode t = UpstreamResultFields.throttle(bracket(List.of(
                new PowerSample(10 * S, 0, 100.0, 60.0, false), new PowerSample(10 * S, 1, 100.0, 61.0, true),
                new PowerSample(11 * S, 0, 100.0, 62.0, true), new PowerSample(11 * S, 1, 100.0, 70.5, true),
                new PowerSample(12 * S, 0, 100.0, 63.0, false), new PowerSample(12 * S, 1, 100.0, 64.0, false))));

        assertThat(t.path("detected").asBoolean()).isTrue();
        assertThat(t.path("throttle_duration_sec").asDouble()).as("device 1: 10→12 s").isEqualTo(2.0);
        assertThat(t.path("max_temperature_c").asDouble()).isEqualTo(70.5);
        assertThat(t.path("throttle_timestamps").toString()).isEqualTo("[0.0,1.0]");
        // upstream 2.0's ThrottleInfo: thermal and power are axes {any, hw, sw}; the meters do not say the cause
        assertThat(names(t)).containsExactlyInAnyOrder("detected", "thermal", "power", "throttle_duration_sec",
                "max_temperature_c", "throttle_timestamps");
        for (String axis : List.of("thermal", "power")) {
            assertThat(names(t.path(axis))).as(axis).containsExactlyInAnyOrder("any", "hw", "sw");
            t.path(axis).forEach(v -> assertThat(v.isNull()).as(axis).isTrue());
        }
    }

    @Test
    void throttle_axes_are_all_false_when_no_sample_was_throttled_as_upstreams_ThrottleAxis_requires_booleans() {
        JsonNode clear = UpstreamResultFields.throttle(bracket(List.of(new PowerSample(10 * S, 0, 90.0, null, false),
                new PowerSample(11 * S, 0, 90.0, null, false))));
        for (String axis : List.of("thermal", "power")) {
            for (String flag : List.of("any", "hw", "sw")) {
                assertThat(clear.path(axis).path(flag).isBoolean()).as(axis + "." + flag).isTrue();
                assertThat(clear.path(axis).path(flag).asBoolean()).as(axis + "." + flag).isFalse();
            }
        }
    }

    private static java.util.Set<String> names(JsonNode n) {
        java.util.Set<String> s = new java.util.HashSet<>();
        n.fieldNames().forEachRemaining(s::add);
        return s;
    }

    @Test
    void throttle_is_null_when_no_sample_says_whether_it_was_throttled() {
        assertThat(UpstreamResultFields.throttle(bracket(List.of(new PowerSample(10 * S, 0, 100.0, null, null),
                new PowerSample(11 * S, 0, 100.0, null, null))))).isNull();
        assertThat(UpstreamResultFields.throttle(null)).isNull();
        JsonNode clear = UpstreamResultFields.throttle(bracket(List.of(new PowerSample(10 * S, 0, 90.0, null, false))));
        assertThat(clear.path("detected").asBoolean()).isFalse();
        assertThat(clear.path("throttle_duration_sec").asDouble()).isZero();
        assertThat(clear.path("max_temperature_c").isNull()).isTrue();
    }

    @Test
    void runner_provenance_takes_the_sessions_image_and_digest_and_else_the_studys_runner() {
        SessionBlock block = new SessionBlock("s", 1, 1, 1.0, null, null, null, null, null, "vllm 0.9",
                new RunnerProvenance("container", "vllm/vllm-openai:v0.9", "vllm/vllm-openai@sha256:abc"));
        ObjectNode result = ResultsJson.object();
        UpstreamResultFields.runner(result, "container", block);
        JsonNode r = result.path("runner_provenance");
        assertThat(r.path("mode").asText()).isEqualTo("container");
        assertThat(r.path("image").asText()).isEqualTo("vllm/vllm-openai:v0.9");
        assertThat(r.path("image_digest").asText()).isEqualTo("vllm/vllm-openai@sha256:abc");
        assertThat(r.has("source") && r.path("source").isNull()).isTrue();
        JsonNode offline = UpstreamResultFields.runner("in-process", null);
        assertThat(offline.path("mode").asText()).isEqualTo("in-process");
        assertThat(offline.path("image_digest").isNull()).isTrue();
    }

    @Test
    void an_attached_servers_provenance_names_its_url_and_that_it_was_not_launched() {
        SessionBlock block = new SessionBlock("s", 1, 1, 1.0, null, null, null, null, null, "vllm 0.9",
                RunnerProvenance.attached("endpoint", "https://llm.example:8443"));
        JsonNode r = UpstreamResultFields.runner("endpoint", block.runner());
        assertThat(r.path("mode").asText()).isEqualTo("endpoint");
        assertThat(r.path("url").asText()).isEqualTo("https://llm.example:8443");
        assertThat(r.path("launch").asText()).isEqualTo("attached, not launched");
        assertThat(r.path("image").isNull()).isTrue();
        assertThat(UpstreamResultFields.runner("container", null).has("url")).as("launched: no extra keys").isFalse();
    }

    @Test
    void the_manifests_upstream_view_reports_failures_results_and_totals_from_the_entries() {
        CellSummary s = new CellSummary(8.0, 3, 30.0, 300.0, 600, 500.0, 0.5, true, "measured");
        List<ManifestEntry> entries = List.of(
                new ManifestEntry(0, "h1", 1, "rate=8", CellStatus.COMPLETED, null, null, "s", List.of("w0", "w1"), s,
                        "2026-12-02T08:00:00Z"),
                new ManifestEntry(1, "h2", 1, "rate=16", CellStatus.FAILED, "gate failed", "LevelInvalid", "s",
                        List.of(), null, "2026-12-02T08:01:00Z"),
                ManifestEntry.pending(2, "h2", 2, "rate=16"));

        JsonNode x = UpstreamManifest.experiments(entries);
        assertThat(x.get(0).path("result_file").asText()).isEqualTo("w1/result.json");
        assertThat(x.get(0).path("error_type").isNull()).isTrue();
        assertThat(x.get(0).path("summary").path("throughput_tok_s").asDouble()).isEqualTo(20.0);
        assertThat(x.get(0).path("summary").path("energy_per_token_mj").asDouble()).isEqualTo(500.0);
        assertThat(x.get(1).path("error_type").asText()).isEqualTo("LevelInvalid");
        assertThat(x.get(1).path("error_message").asText()).isEqualTo("gate failed");
        assertThat(x.get(1).path("result_file").isNull()).isTrue();
        assertThat(x.get(2).path("completed_at").isNull()).isTrue();
        JsonNode sum = UpstreamManifest.summary(entries);
        assertThat(sum.path("total_experiments").asInt()).isEqualTo(3);
        assertThat(sum.path("completed").asInt()).isEqualTo(1);
        assertThat(sum.path("failed").asInt()).isEqualTo(1);
        assertThat(sum.path("total_energy_j").asDouble()).isEqualTo(300.0);
        assertThat(sum.path("unique_configurations").asInt()).isEqualTo(2);
    }

    @Test
    void csv_text_read_back_loses_only_the_formula_guard() {
        for (String raw : List.of("=1+1", "-x", "@SUM", "plain", "it's", "'quoted")) {
            String cell = CsvCells.encode(raw, CsvCells.Kind.TEXT);
            String unquoted = cell.startsWith("\"") ? cell.substring(1, cell.length() - 1).replace("\"\"", "\"")
                    : cell;
            assertThat(CsvCells.decodeText(unquoted)).as(raw).isEqualTo(raw);
        }
    }
}
