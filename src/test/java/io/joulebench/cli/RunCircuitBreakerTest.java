package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.FakeSessionRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A study the circuit breaker stopped did not run to its end: exit 1 with the breaker's reason. */
class RunCircuitBreakerTest {

    @TempDir
    Path tmp;

    @Test
    void a_study_stopped_by_the_circuit_breaker_exits_1_and_says_why() throws IOException {
        Path study = tmp.resolve("s.yaml");
        Files.writeString(study, """
                study_name: breaker
                serving_mode: server
                engine: reference
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server: {traffic: {rate: 2, window_seconds: 5, ramp_exclusion_seconds: 0}}
                study_execution: {n_cycles: 4, experiment_order: sequential, max_consecutive_failures: 1,
                                  circuit_breaker_cooldown_seconds: 0, experiment_gap_seconds: 0,
                                  cycle_gap_seconds: 0}
                """);
        FakeSessionRunner fake = new FakeSessionRunner(0).launchFailsWhen(c -> true);
        CommandLine cl = JoulebenchCommand.commandLine(() -> fake);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));

        int exit = cl.execute("run", study.toString(), "--out", tmp.resolve("out").toString());

        assertThat(exit).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(fake.groups).hasSize(2);
        assertThat(err.toString()).contains("joulebench: circuit breaker: 2 consecutive cells failed");
        assertThat(out.toString()).contains("0 completed, 2 failed, 2 unfinished");
    }
}
