package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, acceptance 1: a study with {@code runners: {reference: endpoint}} attaches to a {@code joulebench engine}
 * process the test started on a loopback port, runs a 3-level rate sweep in one session with results like a launched
 * run's (windows.csv rows, valid levels, a manifest of credited cells), and leaves that process running: its PID is
 * alive and it still serves after the study, and only then does the test stop it.
 */
class EndpointRunnerIT {

    private static final String STUDY = """
            study_name: endpoint-it
            serving_mode: server
            engine: reference
            runners: {reference: endpoint}
            reference: {url: "%s"}
            task: {dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {seed: 3, ramp_exclusion_seconds: 0.5, window_seconds: 1.5}
              warmup: {mode: fixed, duration_seconds: 0}
              windows_per_level: 3
              stability_cv_threshold: 0.5
            sweep: {server.traffic.rate: [5, 10, 20]}
            study_execution: {experiment_timeout_seconds: 30}
            """;

    @Test
    void a_study_attached_to_a_running_engine_measures_three_levels_and_leaves_the_engine_running(@TempDir Path tmp)
            throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process engine = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "io.joulebench.Main",
                "engine", "--host", "127.0.0.1", "--port", "0").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String line = new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(line).matches("listening on http://127\\.0\\.0\\.1:\\d+");
            URI base = URI.create(line.substring("listening on ".length()));
            long pid = engine.pid();

            Path yaml = Files.writeString(tmp.resolve("endpoint.yaml"), STUDY.formatted(base + "/"));
            StudyPlan plan = StudyPlan.of(new StudyLoader().load(yaml));
            assertThat(plan.groups()).as("one session, no launch").hasSize(1);
            assertThat(plan.launches()).isZero();
            ResultsFolder out = ResultsFolder.createAt(tmp.resolve("out"), plan, Clock.system());
            StudyRunResult r;
            try (EventLog log = new EventLog(out.dir(), 0, Clock.system())) {
                r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                        Clock.system()).continueIn(out, plan, log);
            }

            assertThat(ProcessHandle.of(pid)).as("the attached engine's process outlives the study")
                    .hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());
            assertThat(engine.isAlive()).isTrue();
            HttpResponse<String> health = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(base + "/health")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).as("and still serves").isEqualTo(200);

            List<WindowRow> rows = WindowsCsvTable.readFolder(r.folder()).rows();
            assertThat(rows).hasSize(3 * 3).allSatisfy(w -> {
                assertThat(w.text(WindowsCsvColumns.RUNNER)).isEqualTo("endpoint");
                assertThat(w.jPerToken().orElseThrow()).isPositive();
                assertThat(w.bool(WindowsCsvColumns.LEVEL_VALID)).contains(true);
            });
            assertThat(rows).extracting(w -> w.number(WindowsCsvColumns.RATE_REQ_S).orElseThrow())
                    .containsOnly(5.0, 10.0, 20.0);
            List<ManifestEntry> entries = Manifest.read(r.folder().resolve(Manifest.FILE_NAME)).entries();
            assertThat(entries).hasSize(3).allSatisfy(e -> assertThat(e.credited()).isTrue());
            JsonNode result = new ObjectMapper().readTree(r.folder().resolve(entries.getFirst().windowIds().getFirst())
                    .resolve("result.json").toFile());
            JsonNode runner = result.path("runner_provenance");
            assertThat(runner.path("mode").asText()).isEqualTo("endpoint");
            assertThat(runner.path("url").asText()).isEqualTo(base.toString());
            assertThat(runner.path("launch").asText()).isEqualTo("attached, not launched");
            assertThat(result.path("session").path("engine_version").asText()).startsWith("reference ");
        } finally {
            engine.destroyForcibly();
            engine.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
