package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.energy.FakeNvml;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.testing.TestWiring;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.engine.ReferenceEngineServerFactory;
import io.joulebench.core.time.Clock;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The worker a Slurm job runs, in this JVM, against the fake NVML with four GPUs: the job's environment allocates
 * devices 1 and 3, and exactly those are measured (the windows' devices and their power).
 */
class WorkerCommandTest {

    @TempDir
    Path tmp;

    @Test
    void a_job_allocated_gpus_1_and_3_of_4_measures_exactly_those() throws Exception {
        FakeNvml.configure("gpus=4;update_ms=0"); // GPU i draws 100·(i+1) W: 1 and 3 are 200 + 400 W of 1000
        Path yaml = Files.writeString(tmp.resolve("gpus.yaml"), """
                study_name: gpus
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                task:
                  dataset: {source: builtin, n_prompts: 20, order: interleaved}
                  max_input_tokens: 64
                  max_output_tokens: 8
                  random_seed: 42
                measurement:
                  energy_sampler: nvml
                  baseline: {enabled: false}
                server:
                  traffic: {arrival: poisson, seed: 7, ramp_exclusion_seconds: 0.2, window_seconds: 0.5, rate: 8}
                  warmup: {mode: fixed, duration_seconds: 0.2}
                  windows_per_level: 2
                """);
        StudyPlan plan = StudyPlan.of(new StudyLoader().load(yaml));
        Path run = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system()).dir();
        Path jobDir = JobRecord.jobsDir(run).resolve("g000-a1");
        new JobRecord(jobDir, 0, 1, "41", "joulebench-gpus-g0", List.of(JobRecord.key(plan.cells().getFirst())), 5,
                Instant.now().toString()).write();
        HostEnvironment host = TestWiring.host(tmp.resolve("home"));
        SessionRunnerProvider provider = new SessionRunnerProvider() {
            @Override
            public SessionRunner sessionRunner() {
                throw new AssertionError("with an allocation the worker asks for a scoped runner");
            }

            @Override
            public SessionRunner sessionRunner(List<Integer> gpus) {
                return new DefaultSessionRunner(SessionEnvironment.standard(host,
                        new ReferenceEngineServerFactory(host.clock())), gpus);
            }
        };
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new WorkerCommand(provider, Map.of("SLURM_JOB_GPUS", "1,3",
                "CUDA_VISIBLE_DEVICES", "0,1")));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int code = cl.execute("--results", run.toString(), "--job-dir", jobDir.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("measuring GPUs [1, 3] (SLURM_JOB_GPUS)");
        Path mine = jobDir.resolve(JobRecord.RESULTS_DIR);
        ManifestEntry cell = Manifest.read(mine.resolve(Manifest.FILE_NAME)).entries().getFirst();
        assertThat(cell.windowIds()).hasSize(2);
        ObjectMapper json = new ObjectMapper();
        for (String id : cell.windowIds()) {
            JsonNode result = json.readTree(mine.resolve(id).resolve("result.json").toFile());
            List<Integer> devices = new java.util.ArrayList<>();
            result.findValue("energy_devices").forEach(d -> devices.add(d.path("index").asInt()));
            assertThat(devices).as("devices measured in %s", id).containsExactly(1, 3);
        }
        List<List<String>> rows;
        try (Reader r = Files.newBufferedReader(mine.resolve("windows.csv"), StandardCharsets.UTF_8)) {
            rows = new CsvReader(r).readAll();
        }
        int power = rows.getFirst().indexOf("mean_power_w");
        assertThat(rows.subList(1, rows.size())).hasSize(2).allSatisfy(row ->
                assertThat(Double.parseDouble(row.get(power))).as("mean power of GPUs 1 and 3")
                        .isCloseTo(600.0, within(30.0)));
        assertThat(Files.readString(run.resolve("windows.csv")).lines()).as("the run's own folder is the"
                + " coordinator's to write").hasSize(1);
    }
}
