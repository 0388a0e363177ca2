package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.GpuRequest;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.study.Study;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchSpecsTest {

    private static LaunchSpec spec(String yaml) {
        Study study = SessionFixtures.load(yaml);
        return LaunchSpecs.of(study, SessionFixtures.cells(study).getFirst().experiment(), "s1",
                List.of("/jdk/bin/java", "-cp", "cp", "io.joulebench.Main"), HOME);
    }

    private static final Path HOME = Path.of("/home/someone");

    @Test
    void a_model_cache_under_tilde_is_under_the_injected_home_not_this_users() {
        // Issue 15 item 5: LaunchSpecs read user.home itself.
        LaunchSpec spec = spec("""
                serving_mode: server
                engine: vllm
                runners: {vllm: container}
                task: {model: org/m}
                vllm: {model_cache: ~/hf-cache}
                server: {traffic: {rate: 2}}
                """);

        assertThat(spec.modelCacheDir()).isEqualTo(HOME.resolve("hf-cache"));
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

    @Test
    void a_container_gets_upstreams_8g_shared_memory_unless_the_study_sets_it_and_a_process_gets_none() {
        String vllm = """
                serving_mode: server
                engine: vllm
                runners: {vllm: %s}
                task: {model: org/m}
                %s
                server: {traffic: {rate: 2}}
                """;
        assertThat(spec(vllm.formatted("container", "")).shmSizeBytes()).isEqualTo(8L << 30);
        assertThat(spec(vllm.formatted("\"container:me/vllm:1\"", "")).shmSizeBytes()).isEqualTo(8L << 30);
        assertThat(spec(vllm.formatted("container", "vllm: {shm_size: 512m}")).shmSizeBytes()).isEqualTo(512L << 20);
        assertThat(spec(vllm.formatted("process", "")).shmSizeBytes()).isZero();
    }

    @Test
    void extra_args_of_a_preset_have_their_placeholders_filled() {
        LaunchSpec spec = spec("""
                serving_mode: server
                engine: vllm
                runners: {vllm: process}
                task: {model: org/m}
                vllm: {extra_args: ["--served-model-name", "{model}", "--metrics-port={port}"]}
                server: {traffic: {rate: 2}}
                """);

        assertThat(spec.renderCommand(8100)).endsWith("--served-model-name", "org/m", "--metrics-port=8100")
                .noneMatch(t -> t.contains("{"));
    }

    @Test
    void the_custom_block_supplies_image_entrypoint_argument_template_and_paths() {
        LaunchSpec spec = spec("""
                serving_mode: server
                engine: custom
                runners: {custom: container}
                task: {model: org/m, api: chat}
                custom:
                  image: registry.example/my-engine:1.2
                  entrypoint: [my-engine]
                  serve_args: [serve, "{model}", --port, "{port}", --devices, "{gpus}"]
                  extra_args: [--max-batch, "64"]
                  health_path: /healthz
                  openai_path: /gateway/v1/chat/completions
                server: {traffic: {rate: 2}}
                study_execution: {gpu_indices: [1]}
                """);

        assertThat(spec.resolvedImage()).isEqualTo("registry.example/my-engine:1.2");
        assertThat(spec.renderEntrypoint(9000)).containsExactly("my-engine");
        assertThat(spec.renderServeArgs(9000)).containsExactly("serve", "org/m", "--port", "9000", "--devices", "1",
                "--max-batch", "64");
        assertThat(spec.resolvedHealthPath()).isEqualTo("/healthz");
        assertThat(spec.resolvedOpenAiPath()).isEqualTo("/gateway/v1/chat/completions");
        assertThat(spec.shmSizeBytes()).isEqualTo(8L << 30);
    }

    @Test
    void the_measured_path_follows_task_api_and_the_reference_engine_is_asked_for_the_model_it_serves() {
        LaunchSpec chat = spec("""
                serving_mode: server
                engine: reference
                task: {api: chat}
                reference: {profile: medium}
                server: {traffic: {rate: 2}}
                """);
        assertThat(chat.resolvedOpenAiPath()).isEqualTo("/v1/chat/completions");
        assertThat(chat.model()).isEqualTo("joulebench-sim-medium");
        LaunchSpec completions = spec("""
                serving_mode: server
                engine: vllm
                task: {model: org/m}
                server: {traffic: {rate: 2}}
                """);
        assertThat(completions.resolvedOpenAiPath()).isEqualTo("/v1/completions");
        assertThat(completions.resolvedHealthPath()).isEqualTo("/health");
        assertThat(completions.model()).isEqualTo("org/m");
    }
}
