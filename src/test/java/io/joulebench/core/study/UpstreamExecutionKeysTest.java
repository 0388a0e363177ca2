package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Upstream study files that use its circuit breaker, shuffle seed and latin_square order load unchanged. */
class UpstreamExecutionKeysTest {

    @Test
    void the_circuit_breaker_shuffle_seed_and_latin_square_keys_are_read_with_upstream_semantics() {
        Study study = StudyFixtures.load("""
                study_name: upstream
                serving_mode: server
                engine: vllm
                runners: {vllm: container}
                task: {model: Qwen/Qwen2.5-0.5B}
                server: {traffic: {rate: 2}}
                study_execution:
                  n_cycles: 3
                  experiment_order: latin_square
                  shuffle_seed: 1234
                  max_consecutive_failures: 4
                  circuit_breaker_cooldown_seconds: 120
                  experiment_gap_seconds: 5
                """);

        ExecutionConfig e = study.execution();
        assertThat(e.order()).isEqualTo(ExperimentOrder.LATIN_SQUARE);
        assertThat(e.shuffleSeed()).isEqualTo(1234L);
        assertThat(e.maxConsecutiveFailures()).isEqualTo(4);
        assertThat(e.circuitBreakerCooldownSeconds()).isEqualTo(120.0);
        assertThat(e.breakerEnabled()).isTrue();
    }

    @Test
    void the_breaker_defaults_to_ten_failures_and_a_60_s_cooldown_and_null_turns_it_off() {
        ExecutionConfig defaults = StudyFixtures.load(StudyFixtures.MINIMAL).execution();
        assertThat(defaults.maxConsecutiveFailures()).isEqualTo(10);
        assertThat(defaults.circuitBreakerCooldownSeconds()).isEqualTo(60.0);
        ExecutionConfig off = StudyFixtures.load(StudyFixtures.MINIMAL
                + "study_execution: {max_consecutive_failures: null}\n").execution();
        assertThat(off.breakerEnabled()).isFalse();
    }

    @Test
    void out_of_range_and_misspelt_breaker_keys_name_the_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf(StudyFixtures.MINIMAL + """
                study_execution:
                  max_consecutive_failures: -1
                  circuit_breaker_cooldown: 5
                """);
        assertThat(errors).extracting(StudyError::keyPath).containsExactly(
                "study_execution.max_consecutive_failures", "study_execution.circuit_breaker_cooldown");
        assertThat(errors).extracting(StudyError::line).containsExactly(6, 7);
        assertThat(errors.get(1).format()).contains("did you mean 'circuit_breaker_cooldown_seconds'");
    }

    @Test
    void experiment_order_near_miss_suggests_latin_square() {
        assertThat(StudyFixtures.errorsOf(StudyFixtures.MINIMAL + "study_execution: {experiment_order: latin-square}\n"))
                .singleElement().satisfies(e -> assertThat(e.format()).contains("did you mean 'latin_square'"));
    }
}
