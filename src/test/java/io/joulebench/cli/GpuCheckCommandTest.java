package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.energy.FakeNvml;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code joulebench gpu-check} on the fake libnvidia-ml: the table, the verdict and the exit code. */
class GpuCheckCommandTest {

    private record Run(int exit, String out, String err) {
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

    @Test
    void plausible_readings_print_a_table_per_gpu_and_exit_0() {
        FakeNvml.configure("gpus=2;power_w=120,240");
        Run r = run("gpu-check", "--seconds", "0.5");
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("NVML driver 550.54.15-fake, 2 GPU(s)", "Fake H100 80GB HBM3", "Hopper",
                "1755/1980", "verdict: plausible");
        assertThat(r.out().lines().filter(l -> l.matches("^[01] +Fake.*"))).hasSize(2);
    }

    @Test
    void an_implausible_reading_names_the_check_and_exits_1() throws Exception {
        FakeNvml.configure("gpus=1;temp_c=150");
        Run r = run("gpu-check", "--seconds", "0.3", "--format", "json");
        assertThat(r.exit()).isEqualTo(ExitCodes.RUN_FAILED);
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("plausible").asBoolean(true)).isFalse();
        assertThat(json.path("findings").findValuesAsText("verdict")).contains("FAIL");
    }

    @Test
    void no_driver_is_one_line_and_exit_1_and_a_bad_interval_is_exit_2() {
        Run none = run("gpu-check", "--library", "nvidia-ml-absent", "--seconds", "1");
        assertThat(none.exit()).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(none.err().strip()).startsWith("joulebench: gpu-check: NVML not found").doesNotContain("\tat ");
        Run bad = run("gpu-check", "--seconds", "0");
        assertThat(bad.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(bad.err()).contains("--seconds");
    }
}
