package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * Issue 32 acceptance 5: a bad length distribution (negative stddev, min above max, unknown distribution, an empirical
 * file without the column) exits 2 naming the key and its line, without a stack trace.
 */
class DistributionValidateCommandTest {

    @TempDir
    Path dir;

    private record Run(int exit, String all) {
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out + "" + err);
    }

    private Path study(String taskLines) throws Exception {
        return Files.writeString(dir.resolve("s.yaml"), "serving_mode: server\nserver: {traffic: {rate: 2}}\ntask:\n"
                + "  max_output_tokens: 64\n" + taskLines.replace("\\n", "\n") + "\n");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "'  input_tokens:\\n    distribution: normal\\n    mean: 512\\n    stddev: -3'|task.input_tokens.stddev|8",
        "'  input_tokens:\\n    distribution: uniform\\n    min: 900\\n    max: 100'|task.input_tokens.max|8",
        "'  output_tokens:\\n    distribution: gamma\\n    mean: 100'|task.output_tokens.distribution|6",
        "'  output_tokens:\\n    distribution: empirical\\n    file: t.csv\\n    column: output_tokens'|task.output_tokens.column|8",
        "'  output_tokens:\\n    distribution: normal\\n    mean: 100'|task.output_tokens.stddev|5",
        "'  shared_prefix: {groups: 0, prefix_tokens: 1024}'|task.shared_prefix.groups|5",
        "'  input_tokens: {distribution: fixed, value: 9, mean: 3}'|task.input_tokens.mean|5",
    })
    void a_bad_distribution_exits_2_naming_key_and_line(String task, String key, int line) throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,input_tokens\n0,10\n1,20\n");
        Run r = run("validate", study(task).toString());
        assertThat(r.exit()).as(r.all()).isEqualTo(2);
        assertThat(r.all()).as("one problem, said once").contains("1 problem");
        assertThat(r.all()).contains(key).contains("s.yaml:" + line + ":")
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @ParameterizedTest
    @CsvSource({"examples/length-mix.yaml", "examples/shared-prefix.yaml"})
    void the_examples_validate(String example) {
        Run r = run("validate", example);
        assertThat(r.exit()).as(r.all()).isZero();
    }

    @Test
    void a_trace_brings_its_own_lengths() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,input_tokens\n0,10\n1,20\n");
        Path study = Files.writeString(dir.resolve("s.yaml"), "serving_mode: server\nserver: {traffic: {trace: t.csv}}"
                + "\ntask: {input_tokens: {distribution: fixed, value: 5}}\n");
        Run r = run("validate", study.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.all()).contains("s.yaml:3:").contains("task.input_tokens").contains("server.traffic.trace");
    }

    @Test
    void good_distributions_validate() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,input_tokens\n0,10\n1,20\n");
        Run r = run("validate", study("  input_tokens: {distribution: empirical, file: t.csv, column: input_tokens}"
                + "\\n  output_tokens: {distribution: lognormal, mean: 120, stddev: 60, min: 4, max: 512}"
                + "\\n  shared_prefix: {groups: 4, prefix_tokens: 1024}").toString());
        assertThat(r.exit()).as(r.all()).isZero();
    }
}
