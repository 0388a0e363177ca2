package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@link UpstreamExport} on a real (reference-engine) study: names, key sets, the sidecar, the untouched source. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UpstreamExportTest {

    private static final String STUDY = """
            study_name: upstream-export
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              model: org/tiny-model
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_input_tokens: 64
              max_output_tokens: 8
              random_seed: 42
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {arrival: poisson, seed: 7, ramp_exclusion_seconds: 0.1, window_seconds: 0.3}
              warmup: {mode: fixed, duration_seconds: 0.1}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: interleave, experiment_gap_seconds: 0,
                              cycle_gap_seconds: 0}
            sweep:
              server.traffic.rate: [8, 16]
            """;
    /** Upstream's bundle name: {@code NNN_c<cycle>_<model short>-<engine>_<8 hex>} then an optional {@code _n}. */
    private static final String BUNDLE = "\\d{3}_c\\d+_[^/]+-[^/_]+_[0-9a-f]{8}(_\\d+)?";

    private final ObjectMapper json = new ObjectMapper();
    private JsonNode schema;
    private Path folder;
    private Path study;
    private Map<String, String> before;
    private Map<String, String> names;

    @BeforeAll
    void run_and_export(@TempDir Path tmp) throws Exception {
        try (InputStream in = UpstreamSchema.class.getResourceAsStream(UpstreamSchema.RESOURCE)) {
            schema = json.readTree(in);
        }
        Path yaml = Files.writeString(tmp.resolve("s.yaml"), STUDY);
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve("out"), StudyRunListener.NONE);
        folder = r.folder();
        before = digests(folder);
        study = UpstreamExport.write(folder, tmp.resolve("upstream"));
        names = new TreeMap<>();
        json.readTree(study.resolve(UpstreamExport.SIDECAR).toFile()).path("bundles").fields()
                .forEachRemaining(e -> names.put(e.getKey(), e.getValue().asText()));
    }

    @Test
    void folders_are_named_as_upstream_names_them() throws Exception {
        assertThat(study.getFileName().toString()).matches("upstream-export_\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d");
        assertThat(names).hasSize(6);
        assertThat(names.values()).allSatisfy(n -> assertThat(n).matches(BUNDLE))
                .allSatisfy(n -> assertThat(study.resolve(n).resolve("result.json")).isRegularFile());
        List<ManifestEntry> entries = Manifest.read(folder.resolve(Manifest.FILE_NAME)).entries();
        for (int i = 0; i < entries.size(); i++) {
            ManifestEntry e = entries.get(i);
            String base = String.format("%03d_c%d_tiny-model-reference_%s", i + 1, e.cycle(),
                    e.configHash().substring(0, 8));
            assertThat(e.windowIds()).hasSize(3);
            assertThat(names.get(e.windowIds().get(0))).isEqualTo(base);
            assertThat(names.get(e.windowIds().get(1))).isEqualTo(base + "_1");
            assertThat(names.get(e.windowIds().get(2))).isEqualTo(base + "_2");
        }
    }

    @Test
    void every_exported_json_file_has_exactly_upstreams_keys() throws Exception {
        for (String bundle : names.values()) {
            for (String file : List.of("result.json", "config.json", "system.json")) {
                exactly(file, json.readTree(study.resolve(bundle).resolve(file).toFile()), bundle + "/" + file);
            }
        }
        exactly("manifest.json", json.readTree(study.resolve("manifest.json").toFile()), "manifest.json");
    }

    @Test
    void upstream_file_and_sidecar_together_carry_every_original_field() throws Exception {
        for (Map.Entry<String, String> b : names.entrySet()) {
            JsonNode sidecar = json.readTree(study.resolve(b.getValue()).resolve(UpstreamExport.SIDECAR).toFile());
            assertThat(sidecar.path("native_bundle").asText()).isEqualTo(b.getKey());
            for (String file : List.of("result.json", "config.json", "system.json")) {
                JsonNode original = json.readTree(folder.resolve(b.getKey()).resolve(file).toFile());
                JsonNode upstream = json.readTree(study.resolve(b.getValue()).resolve(file).toFile());
                JsonNode extras = sidecar.path("files").path(file);
                assertThat(extras.size()).as("%s has Joulebench fields to keep", file).isPositive();
                assertThat(UpstreamSchema.merge(upstream, extras)).as(b.getKey() + "/" + file).isEqualTo(original);
            }
        }
        JsonNode manifest = json.readTree(study.resolve("manifest.json").toFile()).deepCopy();
        for (JsonNode x : manifest.path("experiments")) { // result_file names the exported bundle: map it back
            String rf = x.path("result_file").asText();
            String bundle = rf.substring(0, rf.indexOf('/'));
            names.forEach((id, n) -> {
                if (n.equals(bundle)) {
                    ((ObjectNode) x).put("result_file", id + rf.substring(bundle.length()));
                }
            });
        }
        JsonNode studySidecar = json.readTree(study.resolve(UpstreamExport.SIDECAR).toFile());
        studySidecar.path("export_added").forEach(k -> ((ObjectNode) manifest).remove(k.asText()));
        JsonNode extras = studySidecar.path("files").path("manifest.json");
        assertThat(extras.has("cells")).isTrue();
        assertThat(UpstreamSchema.merge(manifest, extras))
                .isEqualTo(json.readTree(folder.resolve("manifest.json").toFile()));
    }

    @Test
    void manifest_carries_what_upstreams_StudyManifest_requires_and_no_key_it_forbids() throws Exception {
        // upstream's StudyManifest and ExperimentManifestEntry are extra=forbid; started_at, total_experiments and
        // pending are required, llenergymeasure_version is a required str (checked with upstream's own models)
        JsonNode m = json.readTree(study.resolve("manifest.json").toFile());
        assertThat(m.has("summary")).as("StudySummary belongs to StudyResult, not the manifest").isFalse();
        m.path("experiments").forEach(x -> assertThat(x.has("summary")).as("entry summary").isFalse());
        assertThat(m.path("schema_version").asText()).isEqualTo("2.0");
        assertThat(m.path("llenergymeasure_version").isTextual()).isTrue();
        String created = json.readTree(folder.resolve(ResolvedJson.FILE_NAME).toFile()).path("created_utc").asText();
        assertThat(m.path("started_at").asText()).isEqualTo(created);
        assertThat(m.path("total_experiments").asInt()).isEqualTo(m.path("experiments").size()).isEqualTo(2);
        Map<String, Integer> byStatus = new TreeMap<>();
        m.path("experiments").forEach(x -> byStatus.merge(x.path("status").asText(), 1, Integer::sum));
        assertThat(m.path("completed").asInt()).isEqualTo(byStatus.getOrDefault("completed", 0));
        assertThat(m.path("failed").asInt()).isEqualTo(byStatus.getOrDefault("failed", 0));
        assertThat(m.path("pending").asInt()).isZero();
        assertThat(m.path("completed").asInt() + m.path("failed").asInt()).isEqualTo(2);
        assertThat(m.path("status").asText()).isEqualTo("completed");
    }

    @Test
    void other_files_are_copied_byte_for_byte_and_the_native_folder_is_untouched() throws Exception {
        assertThat(digests(folder)).isEqualTo(before);
        for (Map.Entry<String, String> b : names.entrySet()) {
            for (String f : List.of("requests.parquet", "timeseries.parquet", "requests.csv", "timeseries.csv")) {
                assertThat(Files.mismatch(folder.resolve(b.getKey()).resolve(f), study.resolve(b.getValue()).resolve(f)))
                        .as(b.getValue() + "/" + f).isEqualTo(-1L);
            }
        }
        for (String f : List.of("windows.csv", "resolved.json", "study.yaml")) {
            assertThat(Files.mismatch(folder.resolve(f), study.resolve(f))).as(f).isEqualTo(-1L);
        }
        try (Stream<Path> s = Files.list(study.getParent())) {
            assertThat(s.toList()).containsExactly(study); // no temp folder left beside it
        }
    }

    @Test
    void refuses_a_non_empty_target_and_a_folder_that_is_not_a_results_folder(@TempDir Path tmp) throws Exception {
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("x"), "x");
        assertThatThrownBy(() -> UpstreamExport.write(folder, full)).isInstanceOf(UpstreamExport.Refused.class)
                .hasMessageContaining("exists and is not empty");
        assertThatThrownBy(() -> UpstreamExport.write(tmp, tmp.resolve("new")))
                .isInstanceOf(UpstreamExport.Refused.class).hasMessageContaining("is not a results folder");
        assertThat(tmp.resolve("new")).doesNotExist();
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThat(UpstreamExport.write(folder, empty).getParent()).isEqualTo(empty);
    }

    /** Top-level keys are the fixture's; each object it lists has exactly its keys (and its listed children). */
    private void exactly(String file, JsonNode doc, String where) {
        JsonNode spec = schema.path(file);
        Set<String> keys = new HashSet<>();
        spec.path("keys").forEach(k -> keys.add(k.asText()));
        spec.path("export_keys").forEach(k -> keys.add(k.asText()));
        assertThat(names(doc)).as("%s top-level keys", where).isEqualTo(keys);
        for (Iterator<Map.Entry<String, JsonNode>> it = spec.path("objects").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> o = it.next();
            Set<String> expected = new HashSet<>();
            o.getValue().forEach(k -> expected.add(k.asText()));
            spec.path("objects").fieldNames().forEachRemaining(p -> {
                if (p.startsWith(o.getKey() + ".") && p.indexOf('.', o.getKey().length() + 1) < 0) {
                    expected.add(p.substring(o.getKey().length() + 1).replace("[]", ""));
                }
            });
            for (JsonNode n : nodes(doc, o.getKey())) {
                if (!n.isNull()) {
                    assertThat(names(n)).as("%s: %s keys", where, o.getKey()).isEqualTo(expected);
                }
            }
        }
    }

    private static Set<String> names(JsonNode n) {
        Set<String> s = new HashSet<>();
        n.fieldNames().forEachRemaining(s::add);
        return s;
    }

    private static List<JsonNode> nodes(JsonNode doc, String path) {
        List<JsonNode> at = List.of(doc);
        for (String part : path.split("\\.")) {
            boolean each = part.endsWith("[]");
            String name = each ? part.substring(0, part.length() - 2) : part;
            List<JsonNode> next = new ArrayList<>();
            for (JsonNode n : at) {
                JsonNode child = n.isObject() ? n.get(name) : null;
                if (child != null && each) {
                    child.forEach(next::add);
                } else if (child != null) {
                    next.add(child);
                }
            }
            at = next;
        }
        return at;
    }

    private static Map<String, String> digests(Path root) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
                m.put(root.relativize(p).toString(), HexFormat.of().formatHex(d));
            }
        }
        return m;
    }
}
