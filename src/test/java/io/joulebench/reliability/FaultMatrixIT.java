package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.testing.JoulebenchChild;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 11 fault matrix, in-process and process runners of the reference engine (faults through the study's
 * {@code reference.faults} block), each through the real CLI in a child JVM with short windows. For each fault: the
 * manifest and windows.csv say what happened with a reason (a request-level fault fails the level by the
 * request-failure rule), every file of the results folder parses, and no engine process outlives the run. The Docker rows are in {@link DockerFaultMatrixIT}.
 */
class FaultMatrixIT {

    static final String STUDY = """
            study_name: fault
            serving_mode: server
            engine: reference
            runners: {reference: %s}
            task:
              dataset: {source: builtin, n_prompts: 20}
              max_input_tokens: 64
              max_output_tokens: 16
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            reference: {faults: {%s}}
            server:
              traffic: {rate: 10, seed: 3, ramp_exclusion_seconds: 0.5, window_seconds: 1}
              warmup: {mode: fixed, duration_seconds: 3}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: sequential, experiment_gap_seconds: 0, cycle_gap_seconds: 0,
                              experiment_timeout_seconds: %s}
            """;

    /** What the results must show. */
    enum Expect {
        /** The cell failed before any window: manifest failed with this failure type; windows.csv has no row. */
        NOT_STARTED,
        /** The level aborted: manifest failed (LevelAborted) with a reason; any credited row is invalid with it. */
        ABORTED,
        /**
         * Requests failed: windows.csv counts them as errors or timeouts; the level closed and is failed by the
         * request-failure rule with the counts as its reason, in manifest.json and on every windows.csv row.
         */
        REQUEST_ERRORS,
        /** As REQUEST_ERRORS, and failed streams kept the tokens they had received (requests.csv). */
        REQUEST_ERRORS_WITH_PARTIAL_TOKENS
    }

    @TempDir
    Path tmp;

    static Stream<Arguments> faults() {
        // experiment_timeout_seconds bounds readiness and the read and drain timeouts alike: short in-process (a stall
        // ends soon), long enough for the process runner's engine JVM to start on a loaded machine
        return Stream.of("in-process", "process").flatMap(runner -> {
            boolean process = runner.equals("process");
            int timeout = process ? 20 : 5;
            return Stream.of(
                    Arguments.of(runner, "readiness never comes", "never_ready: true", process ? 8 : 3,
                            Expect.NOT_STARTED),
                    // in-process: the engine stops serving 4.5 s after start (ready at once; 3 s warmup, 0.5 s
                    // ramp); process: its JVM's start-up time varies, so the test SIGKILLs the engine at the end of
                    // the first window
                    Arguments.of(runner, "the engine exits mid-window", process ? "" : "exit_after_seconds: 4.5",
                            timeout, Expect.ABORTED),
                    Arguments.of(runner, "streams stall past the drain timeout", "stall_fraction: 0.3",
                            process ? timeout : 3, Expect.REQUEST_ERRORS_WITH_PARTIAL_TOKENS),
                    Arguments.of(runner, "5xx on a fraction", "error_fraction: 0.3", timeout, Expect.REQUEST_ERRORS),
                    Arguments.of(runner, "malformed SSE", "malformed_sse_fraction: 0.3", timeout,
                            Expect.REQUEST_ERRORS_WITH_PARTIAL_TOKENS),
                    Arguments.of(runner, "dropped connections", "drop_connection_fraction: 0.3", timeout,
                            Expect.REQUEST_ERRORS_WITH_PARTIAL_TOKENS));
        });
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("faults")
    void each_fault_is_recorded_with_its_reason_and_nothing_is_left_running(String runner, String fault,
            String faultYaml, int timeoutS, Expect expect) throws Exception {
        Path study = Files.writeString(tmp.resolve("fault.yaml"), STUDY.formatted(runner, faultYaml, timeoutS));
        Outcome o = run(study, faultYaml.isEmpty() ? "window 1/3" : null);
        boolean process = runner.equals("process");

        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        ResultsChecks.assertEveryFileParses(folder);
        ManifestEntry cell = Manifest.read(folder.resolve("manifest.json")).entries().getFirst();
        List<WindowRow> rows = WindowsCsvTable.readFolder(folder).rows();
        switch (expect) {
            case NOT_STARTED -> {
                assertThat(o.exit).as(o.output).isEqualTo(1);
                assertThat(cell.status()).isEqualTo(CellStatus.FAILED);
                assertThat(cell.failureType()).isEqualTo("ServerReadinessException");
                assertThat(cell.reason()).contains("not ready after " + timeoutS + " s");
                assertThat(rows).isEmpty();
            }
            case ABORTED -> {
                assertThat(cell.status()).isEqualTo(CellStatus.FAILED);
                assertThat(cell.failureType()).isEqualTo("LevelAborted");
                assertThat(cell.reason()).as("the reason names the exit, not the meter error it caused")
                        .startsWith("server exited during level 1" + (process ? " (exit code 137)" : ""));
                if (process) {
                    assertThat(folder.resolve("logs")).as("the engine's log is kept with the results")
                            .isDirectoryContaining(p -> p.getFileName().toString().endsWith(".log"));
                }
                assertThat(rows).hasSizeLessThan(3).allSatisfy(r -> {
                    assertThat(r.levelValid()).contains(false);
                    assertThat(r.invalidReason()).isEqualTo(cell.reason());
                });
                assertThat(o.exit).as(o.output).isEqualTo(rows.isEmpty() ? 1 : 0);
            }
            case REQUEST_ERRORS, REQUEST_ERRORS_WITH_PARTIAL_TOKENS -> {
                assertThat(o.exit).as(o.output).isZero();
                assertThat(rows).hasSize(3);
                long failed = rows.stream().mapToLong(r -> Long.parseLong(r.raw("errors"))
                        + Long.parseLong(r.raw("timeouts"))).sum();
                long issued = rows.stream().mapToLong(r -> Long.parseLong(r.raw("issued"))).sum();
                assertThat(failed).as("failed requests counted in windows.csv").isPositive();
                // the request-failure rule: failed with its reason, the counts those of windows.csv
                assertThat(cell.status()).as(cell.reason()).isEqualTo(CellStatus.FAILED);
                assertThat(cell.failureType()).isEqualTo("LevelInvalid");
                assertThat(cell.reason()).containsPattern("request failures: " + failed + " of " + issued
                        + " \\(\\d+\\.\\d %: \\d+ errors?, \\d+ timeouts?\\) > 1 % \\(server\\.max_error_fraction\\)$");
                assertThat(rows).allSatisfy(r -> {
                    assertThat(r.levelValid()).contains(false);
                    assertThat(r.invalidReason()).isEqualTo(cell.reason());
                });
                assertThat(rows).allSatisfy(r -> assertThat(Double.parseDouble(r.raw("completion_rate")))
                        .isLessThanOrEqualTo(1.0));
                assertThat(failedRowsWithoutErrorText(folder)).as("every failed request says why in requests.csv")
                        .isZero();
                if (expect == Expect.REQUEST_ERRORS_WITH_PARTIAL_TOKENS) {
                    assertThat(failedRowsWithTokens(folder)).as("failed streams keep their partial tokens")
                            .isPositive();
                }
            }
        }
        assertThat(o.output).doesNotContain("\tat io.joulebench").doesNotContain("Exception in thread");
        ResultsChecks.assertAllGone(o.descendants, Duration.ofSeconds(5));
        assertThat(tmp.resolve("home/.joulebench/run")).satisfiesAnyOf(
                d -> assertThat(d).doesNotExist(),
                d -> assertThat(Files.list(d).filter(p -> p.toString().endsWith(".pid")).toList()).isEmpty());
        if (process) {
            assertThat(o.descendants).as("the engine ran as a child process").isNotEmpty();
        }
    }

    @Test
    void a_launch_command_that_is_not_found_fails_the_cell_with_the_exit_code_and_log() throws Exception {
        Path study = Files.writeString(tmp.resolve("notfound.yaml"), """
                study_name: notfound
                serving_mode: server
                engine: custom
                runners: {custom: process}
                task: {model: m, dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                custom: {command: ["/nonexistent/joulebench-engine", "--port", "{port}"]}
                server:
                  traffic: {rate: 10, ramp_exclusion_seconds: 0.5, window_seconds: 1}
                  warmup: {mode: fixed, duration_seconds: 0.5}
                study_execution: {n_cycles: 1, experiment_order: sequential, experiment_gap_seconds: 0, cycle_gap_seconds: 0,
                              experiment_timeout_seconds: 10}
                """);
        Outcome o = run(study, null);

        assertThat(o.exit).as(o.output).isEqualTo(1);
        Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
        ResultsChecks.assertEveryFileParses(folder);
        ManifestEntry cell = Manifest.read(folder.resolve("manifest.json")).entries().getFirst();
        assertThat(cell.status()).isEqualTo(CellStatus.FAILED);
        assertThat(cell.failureType()).isEqualTo("ServerLaunchException");
        assertThat(cell.reason()).contains("exited during startup with exit code 127");
        assertThat(WindowsCsvTable.readFolder(folder).rows()).isEmpty();
        assertThat(o.output).doesNotContain("\tat io.joulebench");
        ResultsChecks.assertAllGone(o.descendants, Duration.ofSeconds(5));
    }

    /**
     * In-process "launch fails": no study can fix the engine's port, so the embedded factory is given a port that is
     * already bound; the real StudyRunner, session and results folder do the rest (in this JVM).
     */
    @Test
    void an_in_process_engine_whose_port_is_taken_fails_the_cell_with_the_bind_error() throws Exception {
        Path study = Files.writeString(tmp.resolve("busy.yaml"), STUDY.formatted("in-process", "", 5));
        try (java.net.ServerSocket busy = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            io.joulebench.core.server.EmbeddedServerFactory onTheBusyPort = spec ->
                    new io.joulebench.engine.ReferenceEngineServerFactory().start(
                            spec.toBuilder().port(busy.getLocalPort()).build());
            io.joulebench.core.session.SessionEnvironment env = new io.joulebench.core.session.SessionEnvironment(
                    io.joulebench.core.time.Clock.system(), onTheBusyPort,
                    io.joulebench.core.server.DockerClients::fromEnvironment, null, tmp, tmp.resolve("state"),
                    io.joulebench.core.energy.MeterSelector.Config.defaults(), List.of(), null);
            new io.joulebench.core.run.StudyRunner(new io.joulebench.core.session.DefaultSessionRunner(env),
                    io.joulebench.core.time.Clock.system()).run(new io.joulebench.core.study.StudyLoader().load(study),
                    tmp.resolve("out"), io.joulebench.core.session.StudyRunListener.NONE);

            Path folder = ResultsChecks.onlyFolder(tmp.resolve("out"));
            ResultsChecks.assertEveryFileParses(folder);
            ManifestEntry cell = Manifest.read(folder.resolve("manifest.json")).entries().getFirst();
            assertThat(cell.status()).isEqualTo(CellStatus.FAILED);
            assertThat(cell.failureType()).isEqualTo("ServerLaunchException");
            assertThat(cell.reason()).contains("could not start the in-process reference server")
                    .contains("cannot bind 127.0.0.1:" + busy.getLocalPort());
            assertThat(WindowsCsvTable.readFolder(folder).rows()).isEmpty();
        }
    }

    record Outcome(int exit, String output, java.util.Set<ProcessHandle> descendants) {
    }

    /** Runs the study; when {@code killEngineAt} is given, SIGKILLs the engine processes at that progress line. */
    private Outcome run(Path study, String killEngineAt) throws IOException, InterruptedException {
        try (JoulebenchChild child = JoulebenchChild.start(tmp.resolve("home"),
                List.of("run", study.toString(), "--out", tmp.resolve("out").toString()))) {
            if (killEngineAt != null) {
                assertThat(child.awaitLine(killEngineAt, Duration.ofSeconds(60))).as(child.output()).isTrue();
                List<ProcessHandle> engines = List.copyOf(child.descendantsSeen());
                assertThat(engines).as("engine processes").isNotEmpty();
                engines.forEach(ProcessHandle::destroyForcibly);
            }
            int exit = child.waitFor(Duration.ofSeconds(90));
            return new Outcome(exit, child.output(), child.descendantsSeen());
        }
    }

    /** requests.csv rows that ended in error or timeout with at least one client token. */
    static long failedRowsWithTokens(Path folder) throws IOException {
        return failedRows(folder, "client_output_tokens", v -> Integer.parseInt(v) > 0);
    }

    /** requests.csv rows that ended in error or timeout with an empty {@code error} text. */
    static long failedRowsWithoutErrorText(Path folder) throws IOException {
        return failedRows(folder, "error", String::isBlank);
    }

    private static long failedRows(Path folder, String column, java.util.function.Predicate<String> match)
            throws IOException {
        long n = 0;
        try (Stream<Path> bundles = Files.list(folder)) {
            for (Path b : bundles.filter(ResultsChecks::isBundle).toList()) {
                List<List<String>> rows;
                try (Reader r = Files.newBufferedReader(b.resolve("requests.csv"))) {
                    rows = new CsvReader(r).readAll();
                }
                List<String> header = rows.getFirst();
                int status = header.indexOf("status");
                int cell = header.indexOf(column);
                n += rows.stream().skip(1).filter(r -> !r.get(status).equals("ok"))
                        .filter(r -> match.test(r.get(cell))).count();
            }
        }
        return n;
    }
}
