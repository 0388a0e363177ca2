package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Upstream's names, checked against upstream's own examples (henrycgbaker/LLenergyMeasure):
 * {@code src/llenergymeasure/results/persistence.py} {@code _experiment_dir_name} docstring
 * ({@code 001_c1_Qwen2.5-0.5B-transformers_abcdef01}; read at commit 018b594994bfe07bb6f046d9f830854307cc4009),
 * {@code utils/formatting.py} ({@code model_short_name}: the part after the last {@code /}),
 * {@code study/manifest.py} {@code create_study_dir} ({@code {name}_{%Y-%m-%dT%H-%M-%S}} in UTC, "study" when
 * unnamed; commit 17b6ca242a7fa8f00847300bdd87e7df03411938), and the server-mode layout in
 * /work/shared/reference/upstream-server-mode.md §5.6 (windows of one cell share the prefix, then {@code _1}, {@code _2}).
 */
class UpstreamNamesTest {

    @Test
    void bundle_name_is_upstreams_documented_example() {
        assertThat(UpstreamNames.bundle(1, 1, "Qwen/Qwen2.5-0.5B", "transformers", "abcdef0123456789", 0))
                .isEqualTo("001_c1_Qwen2.5-0.5B-transformers_abcdef01");
    }

    @Test
    void later_windows_of_one_cell_take_upstreams_collision_suffixes() {
        assertThat(UpstreamNames.bundle(12, 3, "gpt2", "vllm", "fedcba9876543210", 1))
                .isEqualTo("012_c3_gpt2-vllm_fedcba98_1");
        assertThat(UpstreamNames.bundle(12, 3, "gpt2", "vllm", "fedcba9876543210", 2))
                .isEqualTo("012_c3_gpt2-vllm_fedcba98_2");
    }

    @Test
    void the_slug_is_sanitised_and_cut_as_upstream_does() {
        assertThat(UpstreamNames.bundle(1, 1, "org/my model:q4", "llama.cpp", "0123456789abcdef", 0))
                .isEqualTo("001_c1_my_model-q4-llama.cpp_01234567");
        String longModel = "m".repeat(200);
        String name = UpstreamNames.bundle(1, 1, longModel, "vllm", "0123456789abcdef", 0);
        assertThat(name).isEqualTo("001_c1_" + "m".repeat(120) + "_01234567");
    }

    @Test
    void study_name_is_name_underscore_utc_stamp_with_dashes() {
        Instant t = Instant.parse("2026-03-04T05:06:07.890Z");
        assertThat(UpstreamNames.study("tutorial-server-mode", t)).isEqualTo("tutorial-server-mode_2026-03-04T05-06-07");
        assertThat(UpstreamNames.study(null, t)).isEqualTo("study_2026-03-04T05-06-07");
        assertThat(UpstreamNames.study("a/b", t)).isEqualTo("a_b_2026-03-04T05-06-07");
    }
}
