package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.server.PidFiles;
import io.joulebench.testing.JoulebenchChild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 11 fault matrix, the interruptions, through the real CLI in a child JVM: SIGINT during the warmup, a window and
 * the drain of the second of two levels, on the in-process and process reference engine and on llama.cpp in Docker
 * ({@link DockerInterruptMatrixIT}); SIGTERM during a level; kill -9 of the CLI during a level, then {@code joulebench reap}
 * and {@code resume}. The moment comes from watching the CLI's progress lines on stderr.
 */
class InterruptMatrixIT {

    /**
     * Two levels; 30 % of streams stall until the read timeout (the experiment timeout: 10 s for the process runner,
     * whose engine JVM needs time to get ready, 4 s in-process), so each level drains for seconds. Windows of 1 s in
     * every case: SIGTERM and kill -9 are sent on their level's "window 1/3" line, with its later windows to run.
     */
    static final String STUDY = """
            study_name: interrupt
            serving_mode: server
            engine: reference
            runners: {reference: %s}
            task:
              dataset: {source: builtin, n_prompts: 20}
              max_input_tokens: 64
              max_output_tokens: 16
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            reference: {faults: {stall_fraction: %s}}
            server:
              traffic: {arrival: poisson, seed: 3, ramp_exclusion_seconds: 0.5, window_seconds: %s}
              warmup: {mode: fixed, duration_seconds: 2}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: sequential, experiment_gap_seconds: 0, cycle_gap_seconds: 0,
                              experiment_timeout_seconds: %s}
            sweep:
              server.traffic.rate: [10, 12]
            """;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}: SIGINT during {1}")
    @CsvSource({"process, the warmup, warmup (fixed)", "process, a window, window 1/3",
        "process, the drain, window 3/3", "in-process, the warmup, warmup (fixed)", "in-process, a window, window 1/3",
        "in-process, the drain, window 3/3"})
    void sigint_exits_130_keeps_the_credited_level_leaves_nothing_running_and_resume_finishes(String runner,
            String when, String progress) throws Exception {
        int timeout = runner.equals("process") ? 10 : 4;
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted(runner, "0.3", "1", timeout));
        Set<ProcessHandle> engines;
        try (JoulebenchChild run = JoulebenchChild.start(home(), List.of("run", study.toString(), "--out", out()))) {
            Predicate<String> secondLevel = l -> l.startsWith("level 2/2") && l.contains(progress);
            assertThat(run.awaitLine(secondLevel, Duration.ofSeconds(60))).as(run.output()).isTrue();
            run.signal("INT");
            assertThat(run.waitFor(Duration.ofSeconds(60))).as(run.output()).isEqualTo(130);
            engines = run.descendantsSeen();
        }
        if (runner.equals("process")) {
            assertThat(engines).as("the engine ran as a child").isNotEmpty();
        }
        ResultsChecks.assertAllGone(engines, Duration.ofSeconds(5));
        assertCutAndResume(tmp, ResultsChecks.onlyFolder(tmp.resolve("out")), 130, progress.startsWith("window"));
    }

    @Test
    void sigterm_during_a_window_stops_the_engine_before_the_jvm_exits_and_leaves_the_cut_cell_uncredited()
            throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted("process", "0", "1", 10));
        long engine;
        try (JoulebenchChild run = JoulebenchChild.start(home(), List.of("run", study.toString(), "--out", out()))) {
            assertThat(run.awaitLine(l -> l.startsWith("level 2/2") && l.contains("window 1/3"),
                    Duration.ofSeconds(60))).as(run.output()).isTrue();
            List<PidFiles.Entry> recorded = pidFiles();
            assertThat(recorded).as("the engine's pid file").hasSize(1);
            engine = recorded.getFirst().server().pid();
            run.signal("TERM");
            assertThat(run.waitFor(Duration.ofSeconds(60))).as(run.output()).isEqualTo(128 + 15);
            assertThat(run.output()).contains("terminated: stopping the server").doesNotContain("\tat io.joulebench");
        }
        assertThat(ProcessHandle.of(engine).map(ProcessHandle::isAlive).orElse(false))
                .as("engine pid %d outlived the JVM that started it", engine).isFalse();
        assertThat(pidFiles()).as("its pid file went with it").isEmpty();
        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells.get(0).credited()).as("the level that closed").isTrue();
        assertThat(cells.get(1).credited()).as("the cut cell").isFalse();
        assertThat(cells.get(1).status()).isEqualTo(CellStatus.RUNNING);
        assertThat(cells.get(1).reason()).isEqualTo("interrupted");
        assertCutAndResume(tmp, folder, 143, true);
    }

    @Test
    void kill_9_during_a_level_leaves_an_orphan_that_reap_removes_and_resume_completes() throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted("process", "0", "1", 10));
        try (JoulebenchChild run = JoulebenchChild.start(home(), List.of("run", study.toString(), "--out", out()))) {
            assertThat(run.awaitLine(l -> l.startsWith("level 1/2") && l.contains("window 1/3"),
                    Duration.ofSeconds(60))).as(run.output()).isTrue();
            run.signal("KILL");
            run.waitFor(Duration.ofSeconds(30));
        }
        List<PidFiles.Entry> orphans = pidFiles();
        assertThat(orphans).as("the engine's pid file survives the kill").hasSize(1);
        ProcessHandle engine = ProcessHandle.of(orphans.getFirst().server().pid()).orElseThrow();
        assertThat(engine.isAlive()).as("the engine outlives a SIGKILLed parent").isTrue();

        try (JoulebenchChild reap = JoulebenchChild.start(home(), List.of("reap", "--no-docker"))) {
            assertThat(reap.waitFor(Duration.ofSeconds(30))).as(reap.output()).isZero();
            assertThat(reap.output()).contains("process " + engine.pid());
        }
        ResultsChecks.assertAllGone(Set.of(engine), Duration.ofSeconds(5));
        assertThat(pidFiles()).isEmpty();

        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries().getFirst().status())
                .isEqualTo(CellStatus.RUNNING);
        resumeToTheEnd(tmp, folder);
    }

    /**
     * What an interrupt (SIGINT 130, SIGTERM 143) leaves: the first level credited, the cut one uncredited (or credited
     * whole if all its windows closed), its closed windows only as degraded bundles under interrupted/; then resume.
     */
    static void assertCutAndResume(Path tmp, Path folder, int exit, boolean aWindowHadClosed) throws Exception {
        ResultsChecks.assertConsistent(folder, false);
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells.get(0).credited()).as("the first level stays credited (exit %d)", exit).isTrue();
        assertThat(cells.get(0).windowIds()).hasSize(3);
        ManifestEntry cut = cells.get(1);
        if (cut.credited()) {
            assertThat(cut.windowIds()).as("only a level that closed all its windows is credited").hasSize(3);
        } else {
            assertThat(cut.status()).as(cut.toString()).isIn(CellStatus.RUNNING, CellStatus.PENDING);
            assertThat(cut.windowIds()).isEmpty();
        }
        int degraded = assertDegradedBundles(folder, cut);
        if (!cut.credited() && aWindowHadClosed) {
            assertThat(degraded).as("the closed windows of the cut level, kept under interrupted/").isPositive();
        }
        List<String> creditedBefore = cells.get(0).windowIds();

        resumeToTheEnd(tmp, folder);
        List<ManifestEntry> after = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(after.get(0).windowIds()).as("resume does not redo a credited level").isEqualTo(creditedBefore);
    }

    /** Every degraded bundle of {@code interrupted/} is whole, warned, and a window of the cut cell; how many. */
    static int assertDegradedBundles(Path folder, ManifestEntry cut) throws IOException {
        Path dir = folder.resolve(ResultsFolder.INTERRUPTED_DIR);
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> bundles = s.toList();
            for (Path b : bundles) {
                JsonNode result = new ObjectMapper().readTree(b.resolve("result.json").toFile());
                String id = result.path("experiment_id").asText();
                assertThat(b.getFileName().toString()).startsWith(id + "-");
                assertThat(id).startsWith("server-" + cut.configHash() + "-c1-L1-W");
                assertThat(result.path("measurement_warnings").toString())
                        .contains("degraded window bundle (level interrupted)");
                assertThat(b.resolve("requests.csv")).isRegularFile();
            }
            return bundles.size();
        }
    }

    /**
     * Resumes to the end: exit 0, nothing left running, consistent, both cells credited with 3 windows each and ids
     * naming each cell's level in its plan group (L0, L1) although the resumed session ran the second alone.
     */
    static void resumeToTheEnd(Path tmp, Path folder) throws Exception {
        Set<ProcessHandle> engines;
        try (JoulebenchChild resume = JoulebenchChild.start(tmp.resolve("home"), List.of("resume", folder.toString()))) {
            assertThat(resume.waitFor(Duration.ofSeconds(90))).as(resume.output()).isZero();
            engines = resume.descendantsSeen();
        }
        ResultsChecks.assertAllGone(engines, Duration.ofSeconds(5));
        ResultsChecks.assertConsistent(folder);
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells).hasSize(2).allSatisfy(e -> {
            assertThat(e.credited()).isTrue();
            assertThat(e.windowIds()).hasSize(3);
        });
        assertThat(cells.get(0).windowIds()).allMatch(id -> id.contains("-L0-W"));
        assertThat(cells.get(1).windowIds()).as("stable ids across resume").allMatch(id -> id.contains("-L1-W"));
        assertThat(new PidFiles(tmp.resolve("home/.joulebench/run")).list()).isEmpty();
    }

    private List<PidFiles.Entry> pidFiles() {
        return new PidFiles(tmp.resolve("home/.joulebench/run")).list();
    }

    private Path home() {
        return tmp.resolve("home");
    }

    private String out() {
        return tmp.resolve("out").toString();
    }
}
