package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21, acceptance 2: a small real study (the reference engine in process, simulated energy, two rates, an SLO)
 * writes bundles whose result.json, config.json, system.json, manifest.json and Parquet files carry every field and
 * column of upstream's results schema for server mode ({@link UpstreamSchema#RESOURCE}, sources in the .md beside it).
 * The Parquet files are read with DuckDB, not with the code that wrote them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UpstreamBundleSchemaTest {

    private static final String STUDY = """
            study_name: upstream-schema
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_input_tokens: 64
              max_output_tokens: 8
              random_seed: 42
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic:
                arrival: poisson
                seed: 7
                ramp_exclusion_seconds: 0.1
                window_seconds: 0.3
                slo: {ttft_ms: 2000, tpot_ms: 500}
              warmup: {mode: fixed, duration_seconds: 0.1}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: interleave, experiment_gap_seconds: 0,
                              cycle_gap_seconds: 0}
            sweep:
              server.traffic.rate: [8, 16]
            """;

    private final ObjectMapper json = new ObjectMapper();
    private JsonNode schema;
    private Path folder;
    private List<Path> bundles;

    @BeforeAll
    void run_a_small_study(@TempDir Path tmp) throws Exception {
        try (InputStream in = UpstreamSchema.class.getResourceAsStream(UpstreamSchema.RESOURCE)) {
            schema = json.readTree(in);
        }
        Path yaml = Files.writeString(tmp.resolve("s.yaml"), STUDY);
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve("out"), StudyRunListener.NONE);
        folder = r.folder();
        bundles = new ArrayList<>();
        for (ManifestEntry e : Manifest.read(folder.resolve(Manifest.FILE_NAME)).entries()) {
            e.windowIds().forEach(id -> bundles.add(folder.resolve(id)));
        }
        assertThat(bundles).as("windows of two levels").hasSize(6);
    }

    @Test
    void every_bundle_json_file_has_upstreams_fields() throws Exception {
        for (Path b : bundles) {
            for (String file : List.of("result.json", "config.json", "system.json")) {
                check(file, json.readTree(b.resolve(file).toFile()), b.getFileName() + "/" + file);
            }
        }
    }

    @Test
    void the_manifest_has_upstreams_fields_and_joulebench_still_reads_it() throws Exception {
        JsonNode manifest = json.readTree(folder.resolve(Manifest.FILE_NAME).toFile());
        check("manifest.json", manifest, "manifest.json");
        assertThat(manifest.path("experiments")).hasSize(2);
        for (JsonNode x : manifest.path("experiments")) {
            assertThat(folder.resolve(x.path("result_file").asText())).as("result_file").isRegularFile();
        }
        assertThat(manifest.path("summary").path("total_experiments").asInt()).isEqualTo(2);
        assertThat(Manifest.read(folder.resolve(Manifest.FILE_NAME)).entries()).hasSize(2)
                .allSatisfy(e -> assertThat(e.credited()).isTrue());
    }

    @Test
    void the_parquet_files_have_upstreams_columns_and_the_csvs_rows_read_by_duckdb() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            for (Path b : bundles) {
                for (String file : List.of("timeseries.parquet", "requests.parquet")) {
                    Path p = b.resolve(file);
                    Map<String, String> types = new LinkedHashMap<>();
                    try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM '" + p + "'")) {
                        while (rs.next()) {
                            types.put(rs.getString("column_name"), rs.getString("column_type"));
                        }
                    }
                    Map<String, String> expected = new LinkedHashMap<>();
                    schema.path(file).path("columns").properties()
                            .forEach(e -> expected.put(e.getKey(), e.getValue().asText()));
                    assertThat(new ArrayList<>(types.entrySet()).subList(0, expected.size()))
                            .as("%s/%s: upstream's columns first, in its order", b.getFileName(), file)
                            .containsExactlyElementsOf(expected.entrySet());
                    List<String> keys = new ArrayList<>();
                    try (ResultSet rs = st.executeQuery("SELECT decode(key) FROM parquet_kv_metadata('" + p + "')")) {
                        while (rs.next()) {
                            keys.add(rs.getString(1));
                        }
                    }
                    List<String> wanted = new ArrayList<>();
                    schema.path(file).path("metadata").forEach(k -> wanted.add(k.asText()));
                    assertThat(keys).as("%s/%s footer", b.getFileName(), file).containsAll(wanted);
                }
                List<List<String>> requests = csv(b.resolve("requests.csv"));
                int tokens = requests.getFirst().indexOf("client_output_tokens");
                long csvTokens = requests.stream().skip(1).mapToLong(r -> Long.parseLong(r.get(tokens))).sum();
                try (ResultSet rs = st.executeQuery("SELECT count(*), sum(client_output_tokens),"
                        + " sum(len(output_token_times)), count(*) FILTER (WHERE status = 'ok') FROM '"
                        + b.resolve("requests.parquet") + "'")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("requests rows").isEqualTo(requests.size() - 1).isPositive();
                    assertThat(rs.getLong(2)).as("tokens").isEqualTo(csvTokens);
                    assertThat(rs.getLong(3)).as("one receipt time per token").isEqualTo(csvTokens);
                    assertThat(rs.getLong(4)).isPositive();
                }
                try (ResultSet rs = st.executeQuery("SELECT count(*), min(t), sum(power_w) FROM '"
                        + b.resolve("timeseries.parquet") + "'")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("timeseries rows")
                            .isEqualTo(csv(b.resolve("timeseries.csv")).size() - 1).isGreaterThanOrEqualTo(2);
                    assertThat(rs.getDouble(2)).as("t counts from the bracket's start").isBetween(-1.0, 1.0);
                    assertThat(rs.getDouble(3)).isPositive();
                }
            }
        }
    }

    @Test
    void upstream_values_are_consistent_with_joulebenchs_own_fields() throws Exception {
        for (Path b : bundles) {
            JsonNode r = json.readTree(b.resolve("result.json").toFile());
            assertThat(r.path("energy_breakdown").path("raw_j").asDouble()).isEqualTo(r.path("energy_j").asDouble());
            double perDevice = 0;
            for (JsonNode d : r.path("energy_per_device_j")) {
                perDevice += d.asDouble();
            }
            assertThat(perDevice).isCloseTo(r.path("total_energy_j").asDouble(),
                    org.assertj.core.data.Percentage.withPercentage(0.01));
            JsonNode slo = r.path("server_metrics").path("slo");
            assertThat(slo.path("ttft_bound_ms").asDouble()).isEqualTo(2000);
            assertThat(slo.path("tpot_bound_ms").asDouble()).isEqualTo(500);
            assertThat(slo.path("energy_at_operating_point_valid").asBoolean())
                    .isEqualTo(slo.path("slo_pass").asBoolean() && r.path("server").path("level_valid").asBoolean());
            assertThat(r.path("runner_provenance").path("mode").asText()).isEqualTo("in-process");
            JsonNode system = json.readTree(b.resolve("system.json").toFile());
            assertThat(system.path("session")).isEqualTo(r.path("session"));
            assertThat(system.path("session").path("drain_duration_s").isNumber()).as("patched at session close")
                    .isTrue();
            JsonNode config = json.readTree(b.resolve("config.json").toFile());
            assertThat(config.path("declared_config")).isEqualTo(config.path("config"));
        }
    }

    /** Checks one file against its entry in the fixture: keys, non-null objects, nested keys, values. */
    private void check(String file, JsonNode doc, String where) {
        JsonNode spec = schema.path(file);
        for (JsonNode k : spec.path("keys")) {
            assertThat(doc.has(k.asText())).as("%s has %s", where, k.asText()).isTrue();
        }
        for (JsonNode k : spec.path("non_null")) {
            assertThat(nodes(doc, k.asText())).as("%s: %s is not null", where, k.asText())
                    .isNotEmpty().allSatisfy(n -> assertThat(n.isObject()).isTrue());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = spec.path("objects").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> o = it.next();
            for (JsonNode n : nodes(doc, o.getKey())) {
                if (n.isNull()) {
                    continue; // an object upstream also leaves null when it does not apply
                }
                for (JsonNode k : o.getValue()) {
                    assertThat(n.has(k.asText())).as("%s: %s has %s", where, o.getKey(), k.asText()).isTrue();
                }
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = spec.path("values").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> v = it.next();
            List<JsonNode> at = nodes(doc, v.getKey());
            assertThat(at).as("%s: %s", where, v.getKey()).hasSize(1);
            assertThat(at.getFirst()).as("%s: %s", where, v.getKey()).isEqualTo(v.getValue());
        }
    }

    /** The nodes at a path like {@code a.b} or {@code experiments[].summary}: missing ones left out, nulls kept. */
    private static List<JsonNode> nodes(JsonNode doc, String path) {
        List<JsonNode> at = List.of(doc);
        for (String part : path.split("\\.")) {
            boolean each = part.endsWith("[]");
            String name = each ? part.substring(0, part.length() - 2) : part;
            List<JsonNode> next = new ArrayList<>();
            for (JsonNode n : at) {
                JsonNode child = n.isObject() ? n.get(name) : null;
                if (child == null) {
                    continue;
                }
                if (each) {
                    child.forEach(next::add);
                } else {
                    next.add(child);
                }
            }
            at = next;
        }
        return at;
    }

    /** Issue 18, end to end: each level's attributed joules, in the CSVs and the Parquet files, sum to its energy. */
    @Test
    void each_levels_attributed_request_energy_sums_to_its_measured_energy_in_csv_and_parquet() throws Exception {
        Map<String, WindowRow> windows = new LinkedHashMap<>();
        WindowsCsvTable.readFolder(folder).rows().forEach(w -> windows.put(w.experimentId(), w));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            for (ManifestEntry e : Manifest.read(folder.resolve(Manifest.FILE_NAME)).entries()) {
                double measured = 0;
                double csvSum = 0;
                double parquetSum = 0;
                for (String id : e.windowIds()) {
                    WindowRow w = windows.get(id);
                    measured += Double.parseDouble(w.cells().get("energy_j"));
                    assertThat(w.cells().get("j_per_request_attributed_p50")).as("%s p50", id).isNotEmpty();
                    List<List<String>> rows = csv(folder.resolve(id).resolve("requests.csv"));
                    int col = rows.getFirst().indexOf("energy_attributed_j");
                    assertThat(col).as("the last column").isEqualTo(rows.getFirst().size() - 1);
                    for (List<String> row : rows.subList(1, rows.size())) {
                        csvSum += row.get(col).isEmpty() ? 0 : Double.parseDouble(row.get(col));
                    }
                    try (ResultSet rs = st.executeQuery("SELECT coalesce(sum(energy_attributed_j), 0) FROM '"
                            + folder.resolve(id).resolve("requests.parquet") + "'")) {
                        rs.next();
                        parquetSum += rs.getDouble(1);
                    }
                }
                assertThat(measured).isPositive();
                assertThat(csvSum).as("%s: Σ energy_attributed_j = Σ energy_j", e.key())
                        .isCloseTo(measured, org.assertj.core.api.Assertions.within(1e-6 * measured));
                assertThat(parquetSum).isCloseTo(csvSum, org.assertj.core.api.Assertions.within(1e-6 * measured));
            }
        }
    }

    private static List<List<String>> csv(Path file) throws Exception {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new CsvReader(r).readAll();
        }
    }
}
