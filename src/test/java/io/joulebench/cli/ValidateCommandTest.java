package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class ValidateCommandTest {

    private static final Path CORPUS = Path.of("src/test/resources/studies/bad");

    record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    static List<String[]> corpus() throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(CORPUS.resolve("expectations.tsv"), StandardCharsets.UTF_8)) {
            if (!line.startsWith("#") && !line.isBlank()) {
                rows.add(line.split("\t", -1));
            }
        }
        return rows;
    }

    @Test
    void valid_study_prints_cells_groups_launches_and_estimate() {
        Run r = run("validate", "examples/quickstart.yaml");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("config_hash").contains("16/s").contains("28/s").contains("40/s")
                .contains("groups (one server launch each):").contains("launches: 1").contains("measured windows: 9")
                .contains("estimated wall time").contains("examples/quickstart.yaml: valid");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void validate_prints_the_predicted_precision_of_each_level_as_an_estimate() {
        Run r = run("validate", "examples/quickstart.yaml");
        assertThat(r.out()).contains("predicted precision (an estimate")
                .containsPattern("16 req/s, 3 × 20 s windows \\(~320 requests each\\): CV of J/token ≈ 0\\.0\\d\\d"
                        + " \\(gate 0\\.050\\), pass likelihood \\d+ % — likely to pass")
                .contains("40 req/s, 3 × 6 s windows");
    }

    @Test
    void an_auto_window_level_shows_its_bounds_and_the_wall_time_counts_max_seconds(@TempDir Path dir)
            throws IOException {
        Path study = dir.resolve("auto.yaml");
        Files.writeString(study, """
                serving_mode: server
                server:
                  traffic:
                    window_seconds: auto
                    window_seconds_auto: {min_seconds: 5, max_seconds: 60}
                    window_seconds_by_rate: {32: 8}
                sweep: {server.traffic.rate: [4, 32]}
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("4 req/s, 3 × auto (5–60 s) windows, chosen from the warmup for CV ≤ 0.03")
                .contains("32 req/s, 3 × 8 s windows")
                .contains("window_seconds: auto counted at max_seconds");
    }

    @Test
    void a_bad_auto_window_bound_exits_2_naming_the_key_and_line(@TempDir Path dir) throws IOException {
        Path study = dir.resolve("bad.yaml");
        Files.writeString(study, """
                serving_mode: server
                server:
                  traffic:
                    rate: 4
                    window_seconds: auto
                    window_seconds_auto: {min_seconds: 30, max_seconds: 20}
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out() + r.err()).contains("server.traffic.window_seconds_auto.max_seconds").contains(":6")
                .doesNotContain("Exception");
    }

    @Test
    void a_bad_host_energy_exits_2_naming_the_key_and_line(@TempDir Path dir) throws IOException {
        Path study = dir.resolve("host.yaml");
        Files.writeString(study, """
                serving_mode: server
                server:
                  traffic:
                    rate: 4
                measurement:
                  host_energy: dram
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out() + r.err()).contains("measurement.host_energy").contains(":6")
                .doesNotContain("Exception");
    }

    @Test
    void a_level_likely_to_fail_gets_its_shortest_passing_window_and_the_suggested_key(@TempDir Path dir)
            throws IOException {
        Path study = dir.resolve("short.yaml");
        Files.writeString(study, """
                serving_mode: server
                server: {traffic: {window_seconds: 5}}
                sweep: {server.traffic.rate: [2, 32]}
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).containsPattern("2 req/s, 3 × 5 s windows .*likely to FAIL; shortest passing window \\d+ s")
                .containsPattern("suggested: server.traffic.window_seconds_by_rate: \\{2: \\d+\\}");
    }

    @Test
    void a_base_rate_the_sweep_replaces_is_a_warning_naming_key_and_line(@TempDir Path dir) throws IOException {
        Path study = dir.resolve("swept.yaml");
        Files.writeString(study, """
                serving_mode: server
                server:
                  traffic:
                    rate: fast
                sweep: {server.traffic.rate: [2, 4]}
                """);
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).containsOnlyOnce("warning: swept.yaml:4:5: server.traffic.rate: 'fast' is replaced by "
                + "sweep.server.traffic.rate in every cell, so it is never used; on its own it would not be valid: "
                + "must be a number (got 'fast')");
    }

    @Test
    void upstream_tutorial_validates_with_one_launch() {
        Run r = run("validate", "examples/upstream-tutorial.yaml");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("launches: 1").contains("at most").contains("note: task.dataset.source");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void malformed_study_exits_2_with_path_and_line_and_no_stack_trace(String file, String keyPath, String line,
                                                                       String rule) {
        Run r = run("validate", CORPUS.resolve(file).toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        String expectedPrefix = file + (line.equals("0") ? "" : ":" + line + ":");
        assertThat(r.err()).contains(expectedPrefix).contains(keyPath.isEmpty() ? file : ": " + keyPath + ": ")
                .contains(rule);
        assertThat(r.err() + r.out()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void every_error_is_one_line_in_file_line_column_form() {
        Run r = run("validate", CORPUS.resolve("16-unknown-nested-key-near-miss.yaml").toString());
        assertThat(r.err().lines().toList()).containsExactly(
                "16-unknown-nested-key-near-miss.yaml:4:5: server.traffic.rat: unknown key (did you mean 'rate'?)",
                "1 problem in " + CORPUS.resolve("16-unknown-nested-key-near-miss.yaml"));
    }

    @Test
    void huge_and_missing_files_exit_2_without_a_trace(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.yaml");
        Files.write(huge, new byte[2 * 1024 * 1024]);
        Run big = run("validate", huge.toString());
        assertThat(big.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(big.err()).contains("huge.yaml: file is 2097152 bytes").doesNotContain("Exception");
        Run missing = run("validate", dir.resolve("absent.yaml").toString());
        assertThat(missing.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(missing.err()).contains("absent.yaml: file not found").doesNotContain("\tat ");
    }
}
