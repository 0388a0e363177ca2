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
        assertThat(json.get("cv").asDouble()).isEqualTo(expected.cv()).isCloseTo(2.0, within(0.25));
        assertThat(json.get("gamma_shape_k").asDouble()).isEqualTo(expected.gammaShapeK());
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
        "--rate 1 --count 5 --seed x|--seed"
    })
    void bad_input_exits_2_with_one_line_naming_the_option(String args, String option) {
        String[] argv = ("schedule " + args).split(" ");
        Run run = run(argv);
        assertThat(run.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err().lines().toList()).hasSize(1).first().asString()
                .startsWith("joulebench: ").contains(option);
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void help_lists_the_options() {
        Run run = run("schedule", "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("--rate", "--arrival", "--burstiness", "--seed", "--count", "--duration", "--format");
    }
}
