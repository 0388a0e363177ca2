package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** upstream's engine_params reach the engine: the launch command a preset builds from a study's engine section. */
class EngineParamsLaunchTest {

    private static LaunchSpec spec(Study study) {
        return LaunchSpecs.of(study, SessionFixtures.cells(study).getFirst().experiment(), "s1", List.of("java"), Path.of("/home/u"));
    }

    @Test
    void vllm_engine_params_become_vllm_serve_flags_before_extra_args() {
        Study study = SessionFixtures.load("""
                serving_mode: server
                engine: vllm
                runners: {vllm: process}
                task: {model: Qwen/Qwen2.5-0.5B}
                server: {traffic: {rate: 2}}
                passthrough_kwargs: {trust_remote_code: true}
                vllm:
                  engine_params:
                    max_num_seqs: 256
                    gpu_memory_utilization: 0.85
                    enable_prefix_caching: false
                    compilation_config: {level: 3}
                    block_size: null
                    made_up_knob: 7
                  extra_args: [--disable-log-requests]
                """);
        assertThat(spec(study).renderCommand(8000)).containsExactly("vllm", "serve", "Qwen/Qwen2.5-0.5B", "--host",
                "127.0.0.1", "--port", "8000", "--max-num-seqs", "256", "--gpu-memory-utilization", "0.85",
                "--no-enable-prefix-caching", "--compilation-config", "{\"level\":3}", "--made-up-knob", "7",
                "--trust-remote-code", "--disable-log-requests");
        assertThat(study.warnings()).singleElement().asString()
                .contains("vllm.engine_params.made_up_knob").contains("passed through as --made-up-knob 7");
    }

    @Test
    void a_swept_engine_param_gives_each_cell_its_own_container_flags() {
        Study study = SessionFixtures.load("""
                serving_mode: server
                task: {model: m}
                server: {traffic: {rate: 2}}
                sweep:
                  trtllm.engine_params.max_num_seqs: [64, 256]
                """);
        List<ResolvedCell> cells = SessionFixtures.cells(study);
        assertThat(cells).extracting(c -> LaunchSpecs.of(study, c.experiment(), "s", List.of(), Path.of("/home/u")).renderServeArgs(9000))
                .containsExactly(
                        List.of("m", "--host", "127.0.0.1", "--port", "9000", "--max_batch_size", "64"),
                        List.of("m", "--host", "127.0.0.1", "--port", "9000", "--max_batch_size", "256"));
        assertThat(study.warnings()).isEmpty();
    }
}
