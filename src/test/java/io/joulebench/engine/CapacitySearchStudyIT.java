package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.results.CapacityFiles;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, acceptance 3, end to end: a capacity-search study on the in-process reference engine and the real clock
 * finds, in one server session, a capacity whose bracket contains the rate at which the engine's model puts the median
 * time per output token at 15 ms (computed independently, from its step-time equation and Little's law), then measures
 * J/token there and at half of it as ordinary levels. Probes go to capacity.json and probes.csv, never to
 * windows.csv.
 */
class CapacitySearchStudyIT {

    private static final int OUTPUT = 64;
    private static final int PROMPT = 32;
    private static final String STUDY = """
            study_name: capacity-it
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            reference: {profile: small}
            task:
              dataset: {source: builtin, n_prompts: 100, order: interleaved}
              max_input_tokens: %d
              max_output_tokens: %d
              random_seed: 42
            measurement:
              energy_sampler: simulated
              baseline: {enabled: false}
            server:
              traffic: {arrival: poisson, seed: 7, ramp_exclusion_seconds: 8, window_seconds: 4}
              warmup: {mode: fixed, duration_seconds: 2}
              windows_per_level: 3
              capacity_search:
                slo: {tpot_p50_ms: 15}
                min_rate: 4
                max_rate: 56
                tolerance: 2
                probe_seconds: 6
                measure_fractions: [1.0, 0.5]
            study_execution: {n_cycles: 1, experiment_order: sequential}
            """.formatted(PROMPT, OUTPUT);

    @Test
    void the_search_brackets_the_modelled_crossing_and_the_capacity_is_measured(@TempDir Path tmp) throws Exception {
        Path yaml = Files.writeString(tmp.resolve("capacity.yaml"), STUDY);
        StudyPlan plan = StudyPlan.of(new StudyLoader().load(yaml));
        ResultsFolder out = ResultsFolder.createAt(tmp.resolve("out"), plan, Clock.system());
        StudyRunResult r;
        try (EventLog log = new EventLog(out.dir(), 0, Clock.system())) {
            r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                    Clock.system()).continueIn(out, plan, log);
        }
        Path folder = r.folder();

        JsonNode search = new ObjectMapper().readTree(folder.resolve(CapacityFiles.JSON).toFile())
                .path("searches").get(0);
        // The engine stops some requests early (its profile's early-stop share), so the model is evaluated at the
        // mean output length the measured levels saw, not at max_tokens.
        List<WindowRow> rows = WindowsCsvTable.readFolder(folder).rows();
        double tokens = rows.stream().mapToDouble(w -> w.number(io.joulebench.core.results.WindowsCsvColumns.OUTPUT_TOKENS).orElseThrow()).sum();
        double completed = rows.stream().mapToDouble(w -> w.number("completed").orElseThrow()).sum();
        // On the real clock a client sees each token a little later than the engine's step (scheduling, SSE
        // parsing): that per-token offset is read at the lowest probe, where the model's step is known, and the
        // model's crossing is taken at the SLO less that offset. Both crossings are printed.
        ReferenceServingShape shape = new ReferenceServingShape(EngineProfile.SMALL);
        double mean = tokens / completed;
        double minRate = search.path("path").get(0).path("rate_req_s").asDouble();
        double offsetMs = search.path("path").get(0).path("figures").path("tpot_p50_ms").asDouble()
                - shape.stepSeconds(minRate, shape.meanBatch(minRate, mean, PROMPT), PROMPT) * 1000;
        double crossing = shape.rateAtStepMs(15 - offsetMs, mean, PROMPT, 1, 56);
        System.out.println(search.toPrettyString() + "\nmean output tokens " + mean + ", client offset " + offsetMs
                + " ms/token, modelled crossing " + shape.rateAtStepMs(15, mean, PROMPT, 1, 56)
                + " req/s, with the offset " + crossing + " req/s");
        assertThat(search.path("outcome").asText()).isEqualTo("bracketed");
        double low = search.path("bracket_low").asDouble();
        double high = search.path("bracket_high").asDouble();
        assertThat(high - low).isLessThanOrEqualTo(2);
        assertThat(crossing).as("modelled crossing in the bracket, within one tolerance on the real clock")
                .isBetween(low - 2, high + 2);
        assertThat(search.path("path").size()).isLessThanOrEqualTo(2 + 5);
        assertThat(Files.readAllLines(folder.resolve(CapacityFiles.CSV))).hasSize(1 + search.path("path").size());
        double capacity = search.path("capacity").asDouble();
        assertThat(search.path("measured_rates")).extracting(JsonNode::asDouble)
                .containsExactly(capacity, capacity / 2);

        // the measured levels are ordinary levels at capacity × 1 and × 0.5, and nothing else is in windows.csv
        assertThat(rows).hasSize(2 * 3);
        assertThat(rows).extracting(w -> w.number("rate_req_s").orElseThrow()).containsOnly(capacity, capacity / 2);
        assertThat(rows).allSatisfy(w -> assertThat(w.jPerToken().orElseThrow()).isPositive());
        List<ManifestEntry> entries = Manifest.read(folder.resolve(Manifest.FILE_NAME)).entries();
        assertThat(entries).hasSize(2).allSatisfy(e -> assertThat(e.credited()).isTrue());
        for (ManifestEntry e : entries) {
            JsonNode result = new ObjectMapper().readTree(folder.resolve(e.windowIds().getFirst())
                    .resolve("result.json").toFile());
            assertThat(result.path("capacity_search").path("capacity_req_s").asDouble())
                    .isCloseTo(capacity, org.assertj.core.api.Assertions.within(1e-9));
        }
        assertThat(CapacityFiles.summaryLines(folder)).singleElement().asString()
                .startsWith("capacity search (cell 0): capacity ").contains("probes (probes.csv)");
        assertThat(Files.readAllLines(folder.resolve(EventLog.FILE_NAME)))
                .filteredOn(l -> l.contains("\"capacity_probe\"")).hasSize(search.path("path").size());
    }
}
