package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class EnginePresetTest {

    @ParameterizedTest
    @EnumSource(value = EnginePreset.class, names = {"VLLM", "SGLANG", "TGI", "LLAMACPP", "TRTLLM"})
    void serving_presets_bind_loopback_on_the_chosen_port_with_the_model(EnginePreset preset) {
        LaunchSpec spec = LaunchSpec.builder(preset).model("org/model-7b").extraServeArgs(List.of("--x", "1")).build();

        for (List<String> argv : List.of(spec.renderServeArgs(8123), spec.renderCommand(8123))) {
            assertThat(argv).contains("8123", "127.0.0.1").doesNotContain("{port}", "{model}");
            assertThat(argv.subList(argv.size() - 2, argv.size())).containsExactly("--x", "1");
            assertThat(String.join(" ", argv)).contains(preset == EnginePreset.LLAMACPP ? "org/model-7b" : "org/model-7b");
        }
        assertThat(spec.resolvedImage()).isNotBlank();
        assertThat(preset.defaults().healthPath()).isEqualTo("/health");
        assertThat(preset.defaults().openAiPath()).startsWith("/v1/");
    }

    @Test
    void llamacpp_defaults_to_the_local_image_and_the_baked_in_model() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.LLAMACPP).build();
        assertThat(spec.resolvedImage()).isEqualTo("joulebench/llama-server:local");
        assertThat(spec.renderServeArgs(9000)).containsSubsequence("-m", "/models/tiny.gguf", "--port", "9000");
    }

    @Test
    void custom_templates_fill_gpus_and_drop_tokens_that_render_empty() {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.CUSTOM).image("me/engine:1")
                .serveArgs(List.of("serve", "{model}", "--gpus={gpus}", "{gpus}", "--port", "{port}"))
                .model("m").gpus(GpuRequest.of(List.of(2, 3))).build();
        assertThat(spec.renderServeArgs(7)).containsExactly("serve", "m", "--gpus=2,3", "2,3", "--port", "7");

        LaunchSpec noGpu = spec.toBuilder().gpus(GpuRequest.NONE).build();
        assertThat(noGpu.renderServeArgs(7)).containsExactly("serve", "m", "--gpus=", "--port", "7");
    }

    @ParameterizedTest
    @CsvSource({"llamacpp,LLAMACPP", "llama.cpp,LLAMACPP", "llama-cpp,LLAMACPP", "vLLM,VLLM", "TRT-LLM,TRTLLM",
        "reference,REFERENCE"})
    void engine_ids_are_forgiving_about_case_and_punctuation(String id, EnginePreset expected) {
        assertThat(EnginePreset.fromId(id)).isEqualTo(expected);
    }

    @Test
    void an_unknown_engine_names_the_known_ones() {
        assertThatThrownBy(() -> EnginePreset.fromId("ollama")).hasMessageContaining("unknown engine 'ollama'")
                .hasMessageContaining("llamacpp");
    }
}
