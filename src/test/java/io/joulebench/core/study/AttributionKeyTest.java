package io.joulebench.core.study;

import static io.joulebench.core.study.StudyFixtures.errorsOf;
import static io.joulebench.core.study.StudyFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.attribution.AttributionRule;
import org.junit.jupiter.api.Test;

/** {@code measurement.attribution.prefill_weight}: the per-request split's weight (issue 18). */
class AttributionKeyTest {

    @Test
    void the_weight_defaults_to_the_one_measured_on_the_reference_engine_and_is_read() {
        assertThat(load(StudyFixtures.MINIMAL).cells().get(0).experiment().measurement().prefillWeight())
                .isEqualTo(AttributionRule.DEFAULT_PREFILL_WEIGHT);
        assertThat(load(StudyFixtures.MINIMAL + "measurement:\n  attribution: {prefill_weight: 0.25}\n").cells()
                .get(0).experiment().measurement().prefillWeight()).isEqualTo(0.25);
    }

    @Test
    void a_negative_weight_names_the_key_path_and_line() {
        assertThat(errorsOf(StudyFixtures.MINIMAL + "measurement:\n  attribution:\n    prefill_weight: -1\n"))
                .singleElement().satisfies(e -> {
                    assertThat(e.keyPath()).isEqualTo("measurement.attribution.prefill_weight");
                    assertThat(e.line()).isEqualTo(7);
                });
    }

    @Test
    void the_weight_is_post_hoc_and_leaves_the_config_hash_alone() {
        String plain = load(StudyFixtures.MINIMAL).cells().get(0).configHash();
        String weighted = load(StudyFixtures.MINIMAL + "measurement:\n  attribution: {prefill_weight: 0.5}\n")
                .cells().get(0).configHash();
        assertThat(weighted).isEqualTo(plain);
    }
}
