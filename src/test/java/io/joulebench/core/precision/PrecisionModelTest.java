package io.joulebench.core.precision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PrecisionModelTest {

    private final PrecisionModel conservative = PrecisionModel.of(ServingShape.conservative(), 64, 32);

    @Test
    void with_all_energy_fixed_the_cv_is_that_of_the_poisson_request_count() {
        // 10 requests per window, fixed lengths: CV(T) = 1/√10, and J/token follows it one for one
        assertThat(conservative.predictedCv(new LevelDesign(2, 1, 5, 3, 0.05)))
                .isCloseTo(1 / Math.sqrt(10), within(1e-12));
        // gamma gaps with CV 2 quadruple the count variance
        assertThat(conservative.predictedCv(new LevelDesign(2, 2, 5, 3, 0.05)))
                .isCloseTo(2 / Math.sqrt(10), within(1e-12));
    }

    @Test
    void output_length_spread_adds_to_the_arrival_spread() {
        PrecisionModel spread = new PrecisionModel(ServingShape.conservative(), new OutputLengths(64, 0.5), 32);
        assertThat(spread.predictedCv(new LevelDesign(4, 1, 10, 3, 0.05)))
                .isCloseTo(Math.sqrt((1 + 0.25) / 40), within(1e-12));
    }

    @Test
    void a_smaller_fixed_share_and_token_spreading_lower_the_cv() {
        ServingShape half = new FixedShape(new LoadFacts(0.5, 1, 0, false));
        ServingShape smoothed = new FixedShape(new LoadFacts(1, 1, 3, false));
        LevelDesign d = new LevelDesign(8, 1, 6, 3, 0.05);
        double base = conservative.predictedCv(d);
        assertThat(PrecisionModel.of(half, 64, 32).predictedCv(d)).isCloseTo(base / 2, within(1e-12));
        // h(6, 3) = 6 − 1 = 5 effective seconds
        assertThat(PrecisionModel.of(smoothed, 64, 32).predictedCv(d))
                .isCloseTo(base * Math.sqrt(5.0 / 6), within(1e-12));
    }

    @Test
    void three_windows_pass_with_the_chi_square_likelihood_and_more_windows_pass_less_often() {
        double p3 = PrecisionModel.passLikelihood(0.04, 3, 0.05);
        assertThat(p3).isCloseTo(1 - Math.exp(-3 * 0.0025 / (2 * 0.0016)), within(1e-12));
        double p6 = PrecisionModel.passLikelihood(0.04, 6, 0.05);
        assertThat(p6).isLessThan(p3).isGreaterThan(0);
        assertThat(PrecisionModel.passLikelihood(0.04, 2, 0.05)).isZero();
    }

    @Test
    void the_shortest_passing_window_reaches_the_target_and_one_second_less_does_not() {
        LevelDesign d = new LevelDesign(2, 1, 5, 3, 0.05);
        double w = conservative.shortestWindow(d);
        assertThat(PrecisionModel.passLikelihood(conservative.predictedCv(d.withWindowSeconds(w)), 3, 0.05))
                .isGreaterThanOrEqualTo(PrecisionModel.TARGET_LIKELIHOOD);
        assertThat(PrecisionModel.passLikelihood(conservative.predictedCv(d.withWindowSeconds(w - 1)), 3, 0.05))
                .isLessThan(PrecisionModel.TARGET_LIKELIHOOD);
        // all fixed, 1/√(2W) ≤ 0.05·√(3 / (2 ln 10)) → W ≥ 307.01 s
        assertThat(w).isEqualTo(308);
    }

    @Test
    void a_saturated_level_gets_no_suggestion() {
        PrecisionModel saturated = PrecisionModel.of(new FixedShape(new LoadFacts(0, 1, 0, true)), 64, 32);
        assertThat(saturated.estimate(new LevelDesign(100, 1, 5, 3, 0.05)).suggestedWindowSeconds()).isNull();
    }

    private record FixedShape(LoadFacts facts) implements ServingShape {
        @Override
        public LoadFacts at(double rate, OutputLengths lengths, int promptTokens) {
            return facts;
        }

        @Override
        public OutputLengths outputLengths(int maxOutputTokens) {
            return OutputLengths.fixed(maxOutputTokens);
        }

        @Override
        public String describe() {
            return "fixed";
        }
    }
}
