package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.precision.LoadFacts;
import io.joulebench.core.precision.OutputLengths;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReferenceServingShapeTest {

    private final ReferenceServingShape small = new ReferenceServingShape(EngineProfile.SMALL);

    @Test
    void the_mean_batch_solves_littles_law_over_the_step_time() {
        double b = small.meanBatch(16, 64, 0);
        // B = λ·μ·(base + perSeq·B)
        assertThat(b).isCloseTo(16 * 64 * (0.008 + 0.00015 * b), within(1e-9));
        assertThat(small.meanBatch(60, 64, 0)).as("above capacity: 64 / 17.6 ms × 64 tokens ≈ 57 req/s")
                .isInfinite();
    }

    @Test
    void the_fixed_share_falls_with_load_and_a_saturated_rate_is_flagged() {
        OutputLengths l = OutputLengths.fixed(64);
        LoadFacts low = small.at(2, l, 32);
        LoadFacts high = small.at(40, l, 32);
        assertThat(low.fixedShare()).isGreaterThan(high.fixedShare()).isBetween(0.7, 1.0);
        // a batch of about one: load power nearly follows the request count, though u^0.7 is concave
        assertThat(low.dynamicElasticity()).isBetween(0.8, 1.0);
        assertThat(high.dynamicElasticity()).as("longer steps at a larger batch amplify the load").isGreaterThan(0.9);
        assertThat(low.requestSeconds()).isCloseTo(64 * 0.0082, within(0.01));
        assertThat(small.at(80, l, 32).saturated()).isTrue();
    }

    @Test
    void early_stops_shorten_and_spread_the_output_lengths() {
        assertThat(small.outputLengths(64)).isEqualTo(OutputLengths.fixed(64));
        ReferenceServingShape early = new ReferenceServingShape(
                EngineProfile.SMALL.withOverrides(Map.of("early_stop_fraction", 1.0)));
        OutputLengths l = early.outputLengths(64);
        assertThat(l.meanTokens()).isEqualTo(32);
        assertThat(l.cv()).isPositive();
    }
}
