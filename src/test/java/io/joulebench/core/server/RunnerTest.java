package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunnerTest {

    @Test
    void a_container_runner_may_name_its_image() {
        assertThat(Runner.of("container:ghcr.io/x/y:1")).contains(Runner.CONTAINER);
        assertThat(Runner.of("in-process")).contains(Runner.IN_PROCESS);
        assertThat(Runner.of("processes")).isEmpty();
        assertThat(Runner.PROCESS.is("process")).isTrue();
        assertThat(Runner.wires()).containsExactly("in-process", "process", "container", "endpoint");
        assertThat(Runner.ENDPOINT.launches()).isFalse();
        assertThat(Runner.CONTAINER.launches()).isTrue();
        assertThat(Runner.image("container:ghcr.io/x/y:1")).contains("ghcr.io/x/y:1");
        assertThat(Runner.image("container")).isEmpty();
        assertThat(Runner.image("process")).isEmpty();
    }

    @Test
    void engines_are_listed_reference_first_and_only_the_reference_engine_defaults_to_in_process() {
        assertThat(EnginePreset.ids()).containsExactly("reference", "vllm", "sglang", "tgi", "llamacpp", "trtllm",
                "custom");
        assertThat(EnginePreset.REFERENCE.defaultRunner()).isEqualTo(Runner.IN_PROCESS);
        assertThat(EnginePreset.VLLM.defaultRunner()).isEqualTo(Runner.CONTAINER);
    }
}
