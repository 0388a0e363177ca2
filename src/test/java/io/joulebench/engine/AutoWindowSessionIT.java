package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code window_seconds: auto} end to end on the real in-process reference engine and the real clock (#23): each
 * level's warmup fixes its window length, the windows run with it, and the choice is in windows.csv, every window's
 * result.json and events.jsonl. About two minutes, so an IT.
 */
class AutoWindowSessionIT {

    @TempDir
    Path dir;

    @Test
    void each_level_runs_the_length_its_warmup_chose_and_records_it() throws Exception {
        Path file = Files.writeString(dir.resolve("auto.yaml"), """
                study_name: auto-window
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                task:
                  dataset: {source: builtin, n_prompts: 100, order: interleaved}
                  max_input_tokens: 256
                  max_output_tokens: 64
                  random_seed: 42
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic:
                    arrival: poisson
                    seed: 7
                    ramp_exclusion_seconds: 1
                    window_seconds: auto
                    window_seconds_auto: {min_seconds: 2, max_seconds: 40, target_cv: 0.05}
                  warmup: {mode: fixed, duration_seconds: 5}
                  windows_per_level: 3
                sweep: {server.traffic.rate: [16, 40]}
                """);
        Study study = new StudyLoader().load(file);
        StudyPlan plan = StudyPlan.of(study);
        ResultsFolder folder = ResultsFolder.createAt(dir.resolve("out"), plan, Clock.system());
        StudyRunResult r;
        try (EventLog log = new EventLog(folder.dir(), 0, Clock.system())) {
            r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(dir.resolve("home"))),
                    Clock.system()).continueIn(folder, plan, log);
        }

        List<WindowRow> rows = WindowsCsvTable.readFolder(r.folder()).rows();
        assertThat(rows).hasSize(6);
        double low = rows.get(0).number("window_auto_s").orElseThrow();
        double high = rows.get(3).number("window_auto_s").orElseThrow();
        assertThat(low).as("16 req/s chooses longer windows than 40 req/s").isGreaterThan(high);
        for (WindowRow row : rows) {
            double chosen = row.number("rate_req_s").orElseThrow() == 16 ? low : high;
            assertThat(row.number("window_auto_s").orElseThrow()).isEqualTo(chosen);
            assertThat(row.number("duration_s").orElseThrow()).isCloseTo(chosen,
                    org.assertj.core.api.Assertions.within(0.05));
        }
        String events = Files.readString(r.folder().resolve(EventLog.FILE_NAME), StandardCharsets.UTF_8);
        assertThat(events.lines().filter(l -> l.contains("\"window_length_chosen\""))).hasSize(2);
        try (Stream<Path> files = Files.walk(r.folder())) {
            List<String> results = files.filter(p -> p.getFileName().toString().equals("result.json"))
                    .map(p -> {
                        try {
                            return Files.readString(p, StandardCharsets.UTF_8);
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).toList();
            assertThat(results).hasSize(6).allSatisfy(j -> assertThat(j).contains("\"window_auto\"")
                    .contains("\"requests_completed\""));
        }
        assertThat(rows).as("every level passes the gate").allSatisfy(row ->
                assertThat(row.bool("level_valid")).contains(true));
    }
}
