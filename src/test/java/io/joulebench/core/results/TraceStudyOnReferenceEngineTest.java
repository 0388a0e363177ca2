package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, acceptance 4 and item 6, end to end: a trace study on the in-process reference engine (the real clock)
 * is judged by the replay rule and comes out valid, and its windows.csv and requests.csv say what was asked and
 * what was delivered: the server's prompt tokens, energy per input-plus-output token, and delivered/requested ratios.
 */
class TraceStudyOnReferenceEngineTest {

    private static final String STUDY = """
            study_name: trace-study
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_output_tokens: 12
              random_seed: 42
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic:
                trace: {file: trace.csv, time_scale: 1}
                ramp_exclusion_seconds: 0.5
                window_seconds: 1.5
              warmup: {mode: fixed, duration_seconds: 0.2}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            """;

    @TempDir
    Path tmp;

    /** 18 rows over about 3 s (inside the level's 3.5 s), prompts of 30–240 tokens, answers of 4–12. */
    private void writeTrace() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        StringBuilder csv = new StringBuilder("offset_s,input_tokens,output_tokens\n");
        double t = 0;
        for (int i = 0; i < 18; i++) {
            csv.append(String.format(java.util.Locale.ROOT, "%.3f,%d,%d%n", t, random.nextInt(30, 241),
                    random.nextInt(4, 13)));
            t += random.nextDouble(0.05, 0.3);
        }
        Files.writeString(tmp.resolve("trace.csv"), csv);
    }

    @Test
    void a_faithful_replay_is_valid_and_its_files_say_what_was_asked_and_delivered() throws Exception {
        writeTrace();
        Path yaml = Files.writeString(tmp.resolve("study.yaml"), STUDY);
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve("out"), StudyRunListener.NONE);

        List<Map<String, String>> windows = Csv.rows(r.folder().resolve("windows.csv"));
        assertThat(windows).hasSize(2);
        for (Map<String, String> w : windows) {
            assertThat(w.get("level_valid")).as("the replay rule's verdict: %s", w.get("invalid_reason"))
                    .isEqualTo("true");
            long input = Long.parseLong(w.get("input_tokens"));
            long output = Long.parseLong(w.get("output_tokens"));
            assertThat(input).as("the server's prompt tokens").isPositive();
            double energy = Double.parseDouble(w.get("energy_j"));
            assertThat(Double.parseDouble(w.get("j_per_total_token"))).isCloseTo(energy / (input + output),
                    within(1e-6 * energy));
            assertThat(Double.parseDouble(w.get("input_delivered_ratio"))).isBetween(0.98, 1.02);
            assertThat(Double.parseDouble(w.get("output_delivered_ratio"))).isEqualTo(1.0);
        }
        List<Path> logs;
        try (var files = Files.walk(r.folder())) {
            logs = files.filter(f -> f.getFileName().toString().equals("requests.csv")).toList();
        }
        assertThat(logs).as("a request log per window").hasSize(2);
        for (Path log : logs) {
            assertThat(Csv.rows(log)).isNotEmpty().allSatisfy(q -> {
                assertThat(q.get("requested_input_tokens")).isNotBlank();
                assertThat(q.get("requested_output_tokens")).isNotBlank();
            });
        }
    }
}
