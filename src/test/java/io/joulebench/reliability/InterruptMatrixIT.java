package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.server.PidFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 11 fault matrix, the interruptions: SIGINT to the real CLI (a child JVM driving a process-runner reference
 * engine) during the warmup, a window and the drain of the second level; and kill -9 of the CLI during a level, then
 * {@code joulebench reap} and {@code resume}. The moment comes from watching the CLI's progress lines on stderr.
 */
class InterruptMatrixIT {

    /** Two levels; 30 % of streams stall until the 10 s read timeout, so each level drains for seconds. */
    private static final String STUDY = """
            study_name: interrupt
            serving_mode: server
            engine: reference
            runners: {reference: process}
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
            study_execution: {experiment_timeout_seconds: 10}
            sweep:
              server.traffic.rate: [10, 12]
            """;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "SIGINT during {0}")
    @CsvSource({"the warmup, warmup (fixed)", "a window, window 1/3", "the drain, window 3/3"})
    void sigint_exits_130_keeps_the_credited_level_leaves_nothing_running_and_resume_finishes(String when,
            String progress) throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted("0.3", "1"));
        Set<ProcessHandle> engines;
        try (JoulebenchChild run = JoulebenchChild.start(home(), List.of("run", study.toString(), "--out", out()))) {
            Predicate<String> secondLevel = l -> l.startsWith("level 2/2") && l.contains(progress);
            assertThat(run.awaitLine(secondLevel, Duration.ofSeconds(60))).as(run.output()).isTrue();
            run.signal("INT");
            assertThat(run.waitFor(Duration.ofSeconds(60))).as(run.output()).isEqualTo(130);
            engines = run.descendantsSeen();
        }
        assertThat(engines).as("the engine ran as a child").isNotEmpty();
        ResultsChecks.assertAllGone(engines, Duration.ofSeconds(5));
        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        ResultsChecks.assertConsistent(folder, false);
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells.get(0).credited()).as("the first level stays credited").isTrue();
        assertThat(cells.get(0).windowIds()).hasSize(3);
        ManifestEntry cut = cells.get(1);
        if (cut.credited()) {
            assertThat(cut.windowIds()).as("only a level that closed all its windows is credited").hasSize(3);
        } else {
            assertThat(cut.status()).as(cut.toString()).isIn(CellStatus.RUNNING, CellStatus.PENDING);
            assertThat(cut.windowIds()).isEmpty();
        }
        List<String> creditedBefore = cells.get(0).windowIds();

        resumeToTheEnd(folder);
        List<ManifestEntry> after = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(after.get(0).windowIds()).as("resume does not redo a credited level").isEqualTo(creditedBefore);
    }

    @Test
    void kill_9_during_a_level_leaves_an_orphan_that_reap_removes_and_resume_completes() throws Exception {
        Path study = Files.writeString(tmp.resolve("s.yaml"), STUDY.formatted("0", "2"));
        try (JoulebenchChild run = JoulebenchChild.start(home(), List.of("run", study.toString(), "--out", out()))) {
            assertThat(run.awaitLine(l -> l.startsWith("level 1/2") && l.contains("window 1/3"),
                    Duration.ofSeconds(60))).as(run.output()).isTrue();
            run.signal("KILL");
            run.waitFor(Duration.ofSeconds(30));
        }
        PidFiles pidFiles = new PidFiles(tmp.resolve("home/.joulebench/run"));
        List<PidFiles.Entry> orphans = pidFiles.list();
        assertThat(orphans).as("the engine's pid file survives the kill").hasSize(1);
        ProcessHandle engine = ProcessHandle.of(orphans.getFirst().server().pid()).orElseThrow();
        assertThat(engine.isAlive()).as("the engine outlives a SIGKILLed parent").isTrue();

        try (JoulebenchChild reap = JoulebenchChild.start(home(), List.of("reap", "--no-docker"))) {
            assertThat(reap.waitFor(Duration.ofSeconds(30))).as(reap.output()).isZero();
            assertThat(reap.output()).contains("process " + engine.pid());
        }
        ResultsChecks.assertAllGone(Set.of(engine), Duration.ofSeconds(5));
        assertThat(pidFiles.list()).isEmpty();

        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries().getFirst().status())
                .isEqualTo(CellStatus.RUNNING);
        resumeToTheEnd(folder);
    }

    private void resumeToTheEnd(Path folder) throws Exception {
        Set<ProcessHandle> engines;
        try (JoulebenchChild resume = JoulebenchChild.start(home(), List.of("resume", folder.toString()))) {
            assertThat(resume.waitFor(Duration.ofSeconds(90))).as(resume.output()).isZero();
            engines = resume.descendantsSeen();
        }
        ResultsChecks.assertAllGone(engines, Duration.ofSeconds(5));
        ResultsChecks.assertConsistent(folder);
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries()).hasSize(2)
                .allSatisfy(e -> {
                    assertThat(e.credited()).isTrue();
                    assertThat(e.windowIds()).hasSize(3);
                });
        assertThat(pidFiles()).isEmpty();
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
