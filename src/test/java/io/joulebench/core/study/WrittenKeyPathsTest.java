package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Errors in a study that writes upstream's {@code tensorrt} name {@code tensorrt} keys, as written. */
class WrittenKeyPathsTest {

    @Test
    void errors_under_a_tensorrt_block_runner_entry_or_sweep_axis_name_tensorrt() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                engine: tensorrt
                runners: {tensorrt: docker}
                tensorrt: {max_batch_size: 8}
                task: {model: m}
                server: {traffic: {rate: 2}}
                sweep: {tensorrt.bogus: [1, 2]}
                """);
        assertThat(errors).extracting(StudyError::keyPath)
                .contains("runners.tensorrt", "tensorrt.max_batch_size", "sweep.tensorrt.bogus")
                .noneMatch(p -> p.contains("trtllm"));
        assertThat(errors).filteredOn(e -> e.keyPath().equals("runners.tensorrt")).singleElement()
                .satisfies(e -> assertThat(e.rule()).contains("local and docker for process and container"));
    }

    @Test
    void an_experiments_entry_is_named_as_written_and_a_study_written_with_trtllm_keeps_trtllm() {
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                task: {model: m}
                server: {traffic: {rate: 2}}
                experiments:
                  - {engine: tensorrt, tensorrt: {dtype: bfloat16}}
                """)).extracting(StudyError::keyPath).contains("experiments[0].tensorrt.dtype");
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                engine: trtllm
                trtllm: {dtype: bfloat16}
                task: {model: m}
                server: {traffic: {rate: 2}}
                """)).extracting(StudyError::keyPath).contains("trtllm.dtype");
    }
}
