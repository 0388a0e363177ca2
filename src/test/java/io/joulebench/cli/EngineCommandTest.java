package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EngineCommandTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--host 0.0.0.0|refusing to bind non-loopback host 0.0.0.0 without --allow-remote",
        "--gpus 9|gpus must be in 1–8",
        "--port 70000|port must be in 0–65535",
        "--port abc|Invalid value",
        "--profile huge|unknown profile 'huge'",
        "--fault explode|unknown fault 'explode'",
        "--fault error=2|fraction",
        "--set max_num_seqs|--set needs NAME=VALUE",
        "--set nonsense=1|unknown engine parameter 'nonsense'",
        "--load-delay -1|load delay must be ≥ 0",
        "--thermal-tau 0|thermal time constant must be > 0",
    })
    void bad_flag_values_exit_2_with_one_line(String args, String message) {
        StringWriter err = new StringWriter();
        picocli.CommandLine cl = JoulebenchCommand.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        String[] argv = ("engine " + args).split(" ");
        assertThat(cl.execute(argv)).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains(message).doesNotContain("\tat ");
    }
}
