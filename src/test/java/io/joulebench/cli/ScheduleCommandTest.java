package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.ScheduleSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleCommandTest {

    private record Run(int exit, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cl = JoulebenchCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void csv_lists_every_offset_with_enough_digits() {
        Run run = run("schedule", "--rate", "20", "--seed", "7", "--count", "100");
        assertThat(run.exit()).isZero();
        assertThat(run.lines()).hasSize(101).first().isEqualTo("index,offset_s");
        double[] expected = ArrivalSchedule.build(ScheduleSpec.poisson(20, 7L, 100)).offsets();
        for (int i = 0; i < 100; i++) {
            String[] cells = run.lines().get(i + 1).split(",");
            assertThat(Integer.parseInt(cells[0])).isEqualTo(i);
            assertThat(cells[1].replace(".", "").replaceFirst("^0+", "").length()).isGreaterThanOrEqualTo(9);
            assertThat(Double.parseDouble(cells[1])).isCloseTo(expected[i], within(1e-12 * expected[i]));
        }
    }

    @Test
    void csv_uses_a_dot_whatever_the_default_locale() {
        Locale previous = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            Run run = run("schedule", "--rate", "3", "--arrival", "constant", "--count", "2");
            assertThat(run.lines()).containsExactly("index,offset_s", "0,0.333333333333333", "1,0.666666666666667");
        } finally {
            Locale.setDefault(previous);
        }
    }

    @Test
    void json_summarises_the_schedule_with_both_burstiness_conventions() throws Exception {
        Run run = run("schedule", "--rate", "10", "--arrival", "gamma", "--burstiness", "2", "--seed", "3",
                "--count", "4000", "--format", "json");
        assertThat(run.exit()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        ArrivalSchedule expected = ArrivalSchedule.build(ScheduleSpec.ofCount(10, ArrivalProcess.GAMMA, 2, 3L, 4000));
        assertThat(json.get("count").asInt()).isEqualTo(4000);
        assertThat(json.get("mean_gap_s").asDouble()).isEqualTo(expected.meanGap());
        assertThat(json.get("sampled_cv").asDouble()).isEqualTo(expected.sampledCv()).isCloseTo(2.0, within(0.25));
        assertThat(json.get("sampled_gamma_shape_k").asDouble()).isEqualTo(expected.sampledGammaShapeK());
        assertThat(json.get("configured_cv").asDouble()).as("the burstiness asked for").isEqualTo(2.0);
        assertThat(json.get("configured_gamma_shape_k").asDouble()).isEqualTo(0.25);
        assertThat(json.get("first_offset_s").asDouble()).isEqualTo(expected.offset(0));
        assertThat(json.get("last_offset_s").asDouble()).isEqualTo(expected.offset(3999));
        assertThat(json.get("seed").asLong()).isEqualTo(3);
    }

    @Test
    void json_reports_the_drawn_seed_which_reproduces_the_schedule() throws Exception {
        JsonNode first = new ObjectMapper().readTree(run("schedule", "--rate", "5", "--duration", "30",
                "--format", "json").out());
        long seed = first.get("seed").asLong();
        JsonNode again = new ObjectMapper().readTree(run("schedule", "--rate", "5", "--duration", "30",
                "--seed", Long.toString(seed), "--format", "json").out());
        assertThat(again).isEqualTo(first);
        assertThat(first.get("last_offset_s").asDouble()).isLessThanOrEqualTo(30.0);
    }

    @Test
    void csv_without_a_seed_prints_the_drawn_seed_on_stderr_and_it_reproduces_the_rows() {
        Run first = run("schedule", "--rate", "5", "--count", "50");
        assertThat(first.exit()).isZero();
        Matcher m = Pattern.compile("seed: (-?\\d+) \\(drawn; pass --seed (-?\\d+) to reproduce\\)")
                .matcher(first.err().strip());
        assertThat(m.matches()).as("stderr: %s", first.err()).isTrue();
        assertThat(m.group(2)).isEqualTo(m.group(1));
        Run again = run("schedule", "--rate", "5", "--count", "50", "--seed", m.group(1));
        assertThat(again.out()).isEqualTo(first.out());
        assertThat(again.err()).as("a given seed is not announced").isEmpty();
    }

    @ParameterizedTest(name = "--rate {0} --duration {1}: {2} rows")
    @CsvSource({"10, 2, 20", "10, 3, 30", "20, 50, 1000"})
    void constant_duration_keeps_the_arrival_on_the_horizon(String rate, String duration, int rows) {
        Run run = run("schedule", "--rate", rate, "--arrival", "constant", "--duration", duration);
        assertThat(run.exit()).isZero();
        assertThat(run.lines()).hasSize(rows + 1);
        assertThat(Double.parseDouble(run.lines().getLast().split(",")[1])).isEqualTo(Double.parseDouble(duration));
    }

    @Test
    void constant_json_reports_cv_zero_and_an_infinite_shape_as_null() throws Exception {
        Run run = run("schedule", "--rate", "20", "--arrival", "constant", "--count", "1000", "--format", "json");
        assertThat(run.exit()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("sampled_cv").isNumber()).isTrue();
        assertThat(json.get("sampled_cv").asDouble()).isEqualTo(0.0);
        assertThat(json.get("configured_cv").asDouble()).isEqualTo(0.0);
        assertThat(json.get("sampled_gamma_shape_k").isNull()).isTrue();
        assertThat(json.get("configured_gamma_shape_k").isNull()).isTrue();
        assertThat(json.get("mean_gap_s").asDouble()).isEqualTo(0.05);
        assertThat(json.get("first_offset_s").asDouble()).isEqualTo(0.05);
        assertThat(json.get("last_offset_s").asDouble()).isEqualTo(50.0);
    }

    @Test
    void duration_bounds_the_offsets() {
        Run run = run("schedule", "--rate", "50", "--duration", "2", "--seed", "0");
        List<String> rows = run.lines().subList(1, run.lines().size());
        assertThat(rows.size()).isBetween(51, 149);
        assertThat(rows).allSatisfy(r -> assertThat(Double.parseDouble(r.split(",")[1])).isLessThanOrEqualTo(2.0));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--rate 0 --count 5|--rate",
        "--rate -1 --count 5|--rate",
        "--rate NaN --count 5|--rate",
        "--rate abc --count 5|--rate",
        "--count 5|--rate",
        "--rate 1 --burstiness 0 --count 5|--burstiness",
        "--rate 1 --count 0|--count",
        "--rate 1 --count 2.5|--count",
        "--rate 1 --duration 0|--duration",
        "--rate 1 --duration -3|--duration",
        "--rate 1 --arrival uniform --count 5|--arrival",
        "--rate 1 --count 5 --duration 2|--count and --duration",
        "--rate 1|--count and --duration",
        "--rate 1 --count 5 --format xml|--format",
        "--rate 1 --count 5 --seed x|--seed",
        "--rate 1e-320 --count 3|--rate",
        "--rate 1e-307 --count 100|--rate",
        "--rate 1 --arrival gamma --burstiness 1e-200 --count 3|--burstiness",
        "--rate 1 --arrival gamma --burstiness 1e6 --count 3|--burstiness must be ≤ 10",
        "--rate 1e300 --duration 1|--duration",
        "--rate 1e300 --arrival gamma --burstiness 1e-5 --count 3|--burstiness",
        "--rate 1 --count 20000001|--count"
    })
    void bad_input_exits_2_with_one_line_naming_the_option(String args, String option) {
        String[] argv = ("schedule " + args).split(" ");
        Run run = run(argv);
        assertThat(run.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err().lines().toList()).hasSize(1).first().asString()
                .startsWith("joulebench: ").contains(option);
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Infinite or NaN")
                .doesNotContain("9223372036854775807");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void help_lists_the_options() {
        Run run = run("schedule", "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("--rate", "--arrival", "--burstiness", "--seed", "--count", "--duration", "--format");
    }
}
