package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.GpuRequest;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.study.Study;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchSpecsTest {

    private static LaunchSpec spec(String yaml) {
        Study study = SessionFixtures.load(yaml);
        return LaunchSpecs.of(study, SessionFixtures.cells(study).getFirst().experiment(), "s1",
                List.of("/jdk/bin/java", "-cp", "cp", "io.joulebench.Main"));
    }

    @Test
    void the_reference_block_becomes_engine_flags_and_the_process_runner_runs_this_jvm() {
        LaunchSpec spec = spec("""
                serving_mode: server
                engine: reference
                runners: {reference: process}
                reference: {profile: medium, gpus: 2, load_delay_seconds: 1.5, thermal_time_constant_seconds: 8,
                            max_num_seqs: 16, faults: {stall_fraction: 0.1, never_ready: true}}
                server: {traffic: {rate: 2}}
                """);

        assertThat(spec.renderCommand(8123)).containsExactly("/jdk/bin/java", "-cp", "cp", "io.joulebench.Main",
                "engine", "--host", "127.0.0.1", "--port", "8123",
                "--profile", "medium", "--gpus", "2", "--seed", "42", "--load-delay", "1.5", "--thermal-tau", "8",
                "--set", "max_num_seqs=16", "--fault", "never-ready", "--fault", "stall=0.1");
        assertThat(spec.sessionId()).isEqualTo("s1");
        assertThat(spec.studyId()).isNotBlank();
    }

    @Test
    void a_container_runner_names_its_image_and_a_cpu_engine_asks_for_no_gpu() {
        LaunchSpec spec = spec("""
                serving_mode: server
                engine: llamacpp
                runners: {llamacpp: "container:me/llama:1"}
                task: {model: /models/tiny.gguf}
                llamacpp: {extra_args: ["-t", "2"], shm_size: 1g, env: {A: b}}
                server: {traffic: {rate: 2}}
                """);

        assertThat(spec.resolvedImage()).isEqualTo("me/llama:1");
        assertThat(spec.gpus()).isEqualTo(GpuRequest.NONE);
        assertThat(spec.shmSizeBytes()).isEqualTo(1L << 30);
        assertThat(spec.env()).containsEntry("A", "b");
        assertThat(spec.renderServeArgs(9000)).containsSubsequence("-m", "/models/tiny.gguf", "--port", "9000")
                .endsWith("-t", "2");
    }

    @Test
    void a_gpu_engine_in_a_container_gets_every_gpu_unless_the_study_names_some() {
        assertThat(spec("""
                serving_mode: server
                engine: vllm
                runners: {vllm: container}
                task: {model: org/m}
                server: {traffic: {rate: 2}}
                """).gpus()).isEqualTo(GpuRequest.ALL);
        assertThat(spec("""
                serving_mode: server
                engine: vllm
                runners: {vllm: container}
                task: {model: org/m}
                server: {traffic: {rate: 2}}
                study_execution: {gpu_indices: [2, 3]}
                """).gpus().render()).isEqualTo("2,3");
    }
}
