package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchSpecTest {

    @Test
    void to_string_never_shows_a_token_but_shows_everything_else() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.VLLM).model("meta/llama").env("HF_TOKEN", "hf_secret123")
                .env("VLLM_LOGGING_LEVEL", "INFO").extraServeArgs(List.of("--api-key", "sk-abc", "--hf-token=hf_x"))
                .modelCacheDir(Path.of("/cache")).studyId("s1").sessionId("sess").build();

        String text = spec.toString();
        assertThat(text).doesNotContain("hf_secret123", "sk-abc", "hf_x")
                .contains("HF_TOKEN=****", "VLLM_LOGGING_LEVEL=INFO", "--api-key, ****", "--hf-token=****", "meta/llama");
        assertThat(spec.env()).containsEntry("HF_TOKEN", "hf_secret123"); // passed through, only masked in text
    }

    @Test
    void mask_removes_from_a_log_every_secret_the_spec_hands_the_server() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.VLLM).env("HF_TOKEN", "hf_secret123").env("MODE", "fast")
                .extraServeArgs(List.of("--api-key", "sk-abc", "--hf-token=hf_x", "--port-offset", "fast")).build();
        String log = "token hf_secret123 ok\nrefused --api-key sk-abc\nusing hf_x in fast mode\n";

        assertThat(spec.secretValues()).containsExactlyInAnyOrder("hf_secret123", "sk-abc", "hf_x");
        assertThat(spec.mask(log)).isEqualTo("token **** ok\nrefused --api-key ****\nusing **** in fast mode\n");
        assertThat(LaunchSpec.builder(EnginePreset.VLLM).build().mask(log)).isEqualTo(log);
    }

    @Test
    void the_kept_log_is_named_by_the_session() {
        assertThat(LaunchSpec.builder(EnginePreset.VLLM).sessionId("abc").build().logName("c1")).isEqualTo("abc");
        assertThat(LaunchSpec.builder(EnginePreset.VLLM).build().logName("c1")).isEqualTo("c1");
    }

    @Test
    void secret_names_are_recognised() {
        assertThat(List.of("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "OPENAI_API_KEY", "api-key", "DB_PASSWORD", "AWS_SECRET"))
                .allMatch(Secrets::isSecretName);
        assertThat(List.of("HF_HOME", "CUDA_VISIBLE_DEVICES", "MODEL", "KEYBOARD")).noneMatch(Secrets::isSecretName);
    }

    @Test
    void gpu_requests_are_all_or_indices_never_both() {
        assertThat(GpuRequest.ALL.render()).isEqualTo("all");
        assertThat(GpuRequest.of(List.of(0, 1)).render()).isEqualTo("0,1");
        assertThat(GpuRequest.of(List.of())).isEqualTo(GpuRequest.NONE);
        assertThatThrownBy(() -> new GpuRequest(true, List.of(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GpuRequest.of(List.of(-1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_spec_without_overrides_takes_the_preset_defaults() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.TRTLLM).model("m").build();
        assertThat(spec.resolvedImage()).isEqualTo(EnginePreset.TRTLLM.defaults().image());
        assertThat(spec.resolvedEntrypoint()).containsExactly("trtllm-serve");
        assertThat(spec.modelCacheMount()).isEqualTo(LaunchSpec.DEFAULT_CACHE_MOUNT);
        assertThat(spec.gpus()).isEqualTo(GpuRequest.NONE);
    }

    @Test
    void extra_serve_args_and_the_entrypoint_get_the_same_placeholders_as_the_template() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.CUSTOM).model("org/m").gpus(GpuRequest.of(List.of(0, 1)))
                .entrypoint(List.of("serve-{model}"))
                .serveArgs(List.of("--port", "{port}")).command(List.of("my-server", "--port={port}"))
                .extraServeArgs(List.of("--metrics-port", "{port}", "--model={model}", "{gpus}")).build();

        assertThat(spec.renderServeArgs(9001)).containsExactly("--port", "9001", "--metrics-port", "9001",
                "--model=org/m", "0,1");
        assertThat(spec.renderCommand(9001)).containsExactly("my-server", "--port=9001", "--metrics-port", "9001",
                "--model=org/m", "0,1");
        assertThat(spec.renderEntrypoint(9001)).containsExactly("serve-org/m");
        assertThat(LaunchSpec.builder(EnginePreset.VLLM).build().renderEntrypoint(1)).isNull();
    }

    @Test
    void health_and_openai_paths_default_to_the_presets_and_must_be_paths() {
        LaunchSpec preset = LaunchSpec.builder(EnginePreset.TGI).build();
        assertThat(preset.resolvedHealthPath()).isEqualTo("/health");
        assertThat(preset.resolvedOpenAiPath()).isEqualTo("/v1/completions");
        LaunchSpec custom = LaunchSpec.builder(EnginePreset.CUSTOM).healthPath("/ping")
                .openAiPath("/v1/chat/completions").build();
        ReadinessProbe probe = ReadinessProbe.forSpec(custom);
        assertThat(probe.healthPath()).isEqualTo("/ping");
        assertThat(probe.probePath()).isEqualTo("/v1/chat/completions");
        assertThatThrownBy(() -> LaunchSpec.builder(EnginePreset.CUSTOM).healthPath("ping").build())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
