package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.server.DockerClients;
import io.joulebench.core.server.PidFiles;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session on the process runner: the project's own {@code joulebench engine} runs as a child process (this JVM's
 * java and class path), is measured through its /metrics, and is gone afterwards, also after a readiness failure.
 */
class ProcessSessionIT {

    @TempDir
    Path dir;

    private static final String STUDY = """
            serving_mode: server
            engine: reference
            runners: {reference: process}
            task: {dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 32}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            reference: {max_num_seqs: 16%s}
            server:
              traffic: {rate: 20, seed: 3, ramp_exclusion_seconds: 1, window_seconds: 2}
              warmup: {mode: fixed, duration_seconds: 0}
            study_execution: {experiment_timeout_seconds: %s}
            """;

    private SessionEnvironment env() {
        return new SessionEnvironment(Clock.system(), null, DockerClients::fromEnvironment, null, dir,
                dir.resolve("state"),
                MeterSelector.Config.defaults(), SessionEnvironment.currentJvmCommand(), null);
    }

    @Test
    void the_engine_runs_as_a_child_process_for_one_level_and_is_gone_afterwards() throws Exception {
        ReferenceEngineSessionIT.MemorySink sink = ReferenceEngineSessionIT.run(STUDY.formatted("", "60"),
                dir.resolve("logs"), env());

        assertThat(sink.failures).isEmpty();
        LevelResult level = sink.levels.getFirst();
        assertThat(level.energy().kind()).isEqualTo(EnergyKind.SIMULATED);
        assertThat(level.windows()).hasSize(3).allSatisfy(w -> {
            assertThat(w.tokens()).isPositive();
            assertThat(w.energyJ()).isPositive();
        });
        assertThat(sink.blocks.getFirst().launchDurationS()).isPositive();
        assertThat(new PidFiles(dir.resolve("state")).list()).as("the child was stopped and its pid file removed")
                .isEmpty();
    }

    @Test
    void a_custom_process_engine_learns_its_port_from_the_template_gets_ready_and_runs_a_level() throws Exception {
        StringBuilder command = new StringBuilder();
        for (String token : SessionEnvironment.currentJvmCommand()) {
            command.append('"').append(token.replace("\\", "\\\\").replace("\"", "\\\"")).append("\", ");
        }
        String study = """
                serving_mode: server
                engine: custom
                runners: {custom: process}
                task: {model: any-name, dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
                custom:
                  command: [%s"engine", "--host", "127.0.0.1", "--port", "{port}"]
                  extra_args: ["--set", "max_num_seqs=8"]
                  health_path: /health
                  openai_path: /v1/completions
                measurement: {energy_sampler: cpu-estimate, baseline: {enabled: false}}
                server:
                  traffic: {rate: 10, seed: 3, ramp_exclusion_seconds: 0.5, window_seconds: 1}
                  warmup: {mode: fixed, duration_seconds: 0}
                study_execution: {experiment_timeout_seconds: 60}
                """.formatted(command);

        ReferenceEngineSessionIT.MemorySink sink = ReferenceEngineSessionIT.run(study, dir.resolve("logs"), env());

        assertThat(sink.failures).isEmpty();
        LevelResult level = sink.levels.getFirst();
        assertThat(level.windows()).hasSize(3).allSatisfy(w -> assertThat(w.tokens()).isPositive());
        assertThat(level.energy().source()).isEqualTo("cpu-estimate");
        assertThat(new PidFiles(dir.resolve("state")).list()).as("the custom server was stopped").isEmpty();
    }

    @Test
    void a_child_that_never_gets_ready_fails_the_cell_and_is_stopped() throws Exception {
        ReferenceEngineSessionIT.MemorySink sink = ReferenceEngineSessionIT.run(
                STUDY.formatted(", faults: {never_ready: true}", "4"), dir.resolve("logs"), env());

        assertThat(sink.failures).singleElement().asString().startsWith("ServerReadinessException");
        assertThat(sink.levels).isEmpty();
        assertThat(new PidFiles(dir.resolve("state")).list()).isEmpty();
    }
}
