package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RunCommandTest {

    @TempDir
    Path tmp;

    record Run(int exit, String out, String err) {
    }

    private static Run run(SessionRunnerProvider sessions, String... args) {
        CommandLine cl = JoulebenchCommand.commandLine(sessions);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Path onlyFolder() throws IOException {
        try (Stream<Path> s = Files.list(tmp.resolve("out"))) {
            return s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    @Test
    void dry_run_prints_the_plan_and_launches_nothing() {
        FakeSessionRunner fake = new FakeSessionRunner(0);
        Run r = run(() -> fake, "run", "examples/quickstart.yaml", "--dry-run", "--out", tmp.resolve("out").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("launches: 1").contains("measured windows: 9").contains("estimated wall time")
                .contains("dry run: nothing was launched");
        assertThat(fake.groups).isEmpty();
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void dry_run_of_the_upstream_tutorial_shows_one_launch_per_cycle() {
        Run r = run(SessionRunnerProvider.unavailable(), "run", "examples/upstream-tutorial.yaml", "--dry-run");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("launches: 1").contains("0: cells [0, 1, 2] (vllm, container, 3 levels)");
    }

    @Test
    void run_writes_the_folder_prints_progress_and_a_summary_and_exits_0_with_invalid_levels() throws IOException {
        FakeSessionRunner fake = new FakeSessionRunner(0).invalidWhen(c -> c.rate() == 40.0);
        Run r = run(() -> fake, "run", "examples/quickstart.yaml", "--out", tmp.resolve("out").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("study quickstart: 3 levels, 9 windows").contains("level 1/3 at 16 req/s")
                .contains("window 3/3").contains("level 3/3 at 40 req/s").contains("invalid: J/token CV")
                .contains("study finished");
        assertThat(r.out()).contains("J/token").contains("simulated").contains("valid")
                .contains("invalid: J/token CV 0.21").contains("2 completed, 1 failed, 0 unfinished; 9 windows");
        List<WindowRow> rows = WindowsCsvTable.readFolder(onlyFolder()).rows();
        assertThat(rows).hasSize(9).allMatch(w -> w.energyKind().equals("simulated"));
    }

    @Test
    void run_warns_before_it_starts_about_a_level_likely_to_fail_the_gate() throws IOException {
        Path study = Files.writeString(tmp.resolve("short.yaml"), """
                serving_mode: server
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server: {traffic: {window_seconds: 5}, warmup: {mode: fixed, duration_seconds: 0}}
                study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
                sweep: {server.traffic.rate: [2, 32]}
                """);
        Run r = run(() -> new FakeSessionRunner(0), "run", study.toString(), "--out", tmp.resolve("out").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).containsPattern("warning: estimate: the level at 2 req/s is likely to fail the stability"
                + " gate \\(predicted CV of J/token 0\\.\\d+ over 5 s windows, pass likelihood \\d+ %\\); a \\d+ s window"
                + " would \\(server.traffic.window_seconds_by_rate: \\{2: \\d+}\\)")
                .doesNotContain("level at 32 req/s is likely");
    }

    @Test
    void a_plan_warning_is_said_once_on_stderr_and_not_again_by_the_log() throws IOException {
        String quickstart = Files.readString(Path.of("examples/quickstart.yaml"));
        Path study = Files.writeString(tmp.resolve("seq.yaml"), quickstart.replace(
                "study_execution: {n_cycles: 1, experiment_order: interleave,",
                "study_execution: {n_cycles: 2, experiment_order: sequential,"));
        ch.qos.logback.classic.Logger log = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                org.slf4j.Logger.ROOT_LOGGER_NAME);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> events =
                new ch.qos.logback.core.read.ListAppender<>();
        events.start();
        log.addAppender(events);
        Run r;
        try {
            r = run(() -> new FakeSessionRunner(0), "run", study.toString(), "--out", tmp.resolve("out").toString());
        } finally {
            log.detachAppender(events);
        }

        assertThat(r.exit()).isZero();
        assertThat(r.err().split("sequential order launches one server", -1)).as(r.err()).hasSize(2);
        assertThat(events.list).extracting(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage)
                .noneMatch(m -> m.contains("sequential order launches one server"));
    }

    @Test
    void bad_study_exits_2_with_the_errors_and_nothing_written() throws IOException {
        Path bad = Files.writeString(tmp.resolve("bad.yaml"), "serving_mode: server\nserver: {traffic: {rat: 2}}\n");
        Run r = run(() -> new FakeSessionRunner(0), "run", bad.toString(), "--out", tmp.resolve("out").toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err()).contains("bad.yaml:2:").contains("server.traffic.rat").contains("did you mean 'rate'")
                .doesNotContain("Exception");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void an_endpoint_study_whose_key_variable_is_unset_exits_2_before_anything_is_sent() throws IOException {
        String unset = "JOULEBENCH_TEST_UNSET_KEY_" + ProcessHandle.current().pid();
        assertThat(System.getenv(unset)).isNull();
        Path study = Files.writeString(tmp.resolve("attached.yaml"), """
                serving_mode: server
                runners: {reference: endpoint}
                reference: {url: "http://127.0.0.1:9", api_key_env: %s}
                server: {traffic: {rate: 2}}
                """.formatted(unset));
        FakeSessionRunner fake = new FakeSessionRunner(0);
        Run r = run(() -> fake, "run", study.toString(), "--out", tmp.resolve("out").toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err()).contains("attached.yaml: reference.api_key_env: names " + unset
                + ", which is not set in this environment").doesNotContain("Exception");
        assertThat(fake.groups).isEmpty();
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void nothing_measured_exits_1_and_no_session_runner_exits_1_with_one_line() {
        Run failed = run(() -> new FakeSessionRunner(0).launchFailsWhen(c -> true), "run",
                "examples/quickstart.yaml", "--out", tmp.resolve("out").toString());
        assertThat(failed.exit()).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(failed.err()).contains("nothing could be measured");
        assertThat(failed.out()).contains("launch failed: image not found");
        Run none = run(SessionRunnerProvider.unavailable(), "run", "examples/quickstart.yaml", "--out",
                tmp.resolve("none").toString());
        assertThat(none.exit()).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(none.err()).contains("no session runner available").doesNotContain("\tat ");
        assertThat(tmp.resolve("none")).doesNotExist();
    }

    @Test
    void interrupt_exits_130_and_resume_finishes_with_nine_unique_windows() throws Exception {
        Run cut = run(() -> new FakeSessionRunner(0).interruptAfterLevels(1), "run", "examples/quickstart.yaml",
                "--out", tmp.resolve("out").toString());
        assertThat(cut.exit()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(cut.err()).contains("interrupted: what closed is credited");
        Path folder = onlyFolder();
        List<ManifestEntry> entries = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(entries.get(0).status()).isEqualTo(CellStatus.COMPLETED);
        assertThat(entries.get(1).status()).isEqualTo(CellStatus.RUNNING);

        AtomicReference<FakeSessionRunner> second = new AtomicReference<>(new FakeSessionRunner(0));
        Run resumed = run(second::get, "resume", folder.toString());
        assertThat(resumed.exit()).isZero();
        assertThat(resumed.err()).contains("(1 already credited)").contains("level 2/3");
        assertThat(second.get().groups).hasSize(1);
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries()).extracting(ManifestEntry::status)
                .containsOnly(CellStatus.COMPLETED);
        List<WindowRow> rows = WindowsCsvTable.readFolder(folder).rows();
        assertThat(rows.stream().map(WindowRow::experimentId).distinct()).hasSize(9);
        assertThat(rows).hasSize(9);
    }

    @Test
    void a_run_label_is_kept_in_the_manifest_and_a_resume_keeps_it() throws Exception {
        // Issue 35 item 13: two runs of one study differed only by a timestamp.
        Run cut = run(() -> new FakeSessionRunner(0).interruptAfterLevels(1), "run", "examples/quickstart.yaml",
                "--out", tmp.resolve("out").toString(), "--label", "after the driver update");
        assertThat(cut.exit()).isEqualTo(ExitCodes.INTERRUPTED);
        Path folder = onlyFolder();
        assertThat(Manifest.read(folder.resolve("manifest.json")).runLabel()).isEqualTo("after the driver update");
        Run resumed = run(() -> new FakeSessionRunner(0), "resume", folder.toString());
        assertThat(resumed.exit()).isZero();
        assertThat(Manifest.runLabelOf(folder)).isEqualTo("after the driver update");
    }

    @Test
    void resume_of_something_that_is_not_a_results_folder_exits_2() {
        Run r = run(() -> new FakeSessionRunner(0), "resume", tmp.toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err()).contains("is not a results folder");
    }
}
