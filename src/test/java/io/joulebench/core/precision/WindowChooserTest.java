package io.joulebench.core.precision;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.AutoWindowConfig;
import io.joulebench.core.warmup.WarmupTraffic;
import io.joulebench.core.warmup.WindowChoice;
import org.junit.jupiter.api.Test;

/** The auto window length from a warmup's data (#23). */
class WindowChooserTest {

    private static final AutoWindowConfig BOUNDS = new AutoWindowConfig(10, 300, 0.03);

    private static LevelDesign poisson(double rate) {
        return new LevelDesign(rate, 1, 999, 3, 0.05);
    }

    /** A warmup of {@code seconds} at {@code rate}: every request completed with 64 tokens over 2 s. */
    private static WarmupTraffic warmup(double rate, double seconds) {
        long n = Math.round(rate * seconds);
        return new WarmupTraffic(n, 0, 64 * n, 0, 2, seconds);
    }

    @Test
    void a_low_rate_gets_a_longer_window_than_a_high_rate() {
        WindowChoice low = WindowChooser.choose(poisson(4), BOUNDS, warmup(4, 30));
        WindowChoice high = WindowChooser.choose(poisson(16), BOUNDS, warmup(16, 30));

        assertThat(low.seconds()).isGreaterThan(high.seconds());
        assertThat(low.predictedCv()).isLessThanOrEqualTo(0.03);
        assertThat(high.predictedCv()).isLessThanOrEqualTo(0.03);
    }

    @Test
    void the_choice_is_the_shortest_whole_second_that_reaches_the_target() {
        WindowChoice c = WindowChooser.choose(poisson(4), BOUNDS, warmup(4, 30));
        PrecisionModel model = WindowChooser.model(warmup(4, 30));

        assertThat(c.seconds()).isGreaterThan(10).isLessThan(300);
        assertThat(model.predictedCv(poisson(4).withWindowSeconds(c.seconds()))).isLessThanOrEqualTo(0.03);
        assertThat(model.predictedCv(poisson(4).withWindowSeconds(c.seconds() - 1))).isGreaterThan(0.03);
        assertThat(c.reason()).contains("shortest length");
        assertThat(c.data()).isEqualTo(warmup(4, 30));
    }

    @Test
    void longer_outputs_spread_more_and_need_a_longer_window() {
        WarmupTraffic fixed = warmup(4, 30);
        WarmupTraffic spread = new WarmupTraffic(fixed.completed(), 0, fixed.outputTokens(), 0.8, 2, 30);

        assertThat(WindowChooser.choose(poisson(4), BOUNDS, spread).seconds())
                .isGreaterThan(WindowChooser.choose(poisson(4), BOUNDS, fixed).seconds());
    }

    @Test
    void the_length_is_clamped_to_the_bounds() {
        WindowChoice fast = WindowChooser.choose(poisson(500), BOUNDS, warmup(500, 30));
        WindowChoice slow = WindowChooser.choose(poisson(0.2), BOUNDS, warmup(0.2, 100));

        assertThat(fast.seconds()).isEqualTo(10);
        assertThat(fast.reason()).contains("min_seconds already reaches");
        assertThat(slow.seconds()).isEqualTo(300);
        assertThat(slow.predictedCv()).isGreaterThan(0.03);
        assertThat(slow.reason()).contains("no length up to max_seconds");
    }

    @Test
    void too_little_warmup_data_uses_max_seconds_and_says_why() {
        WindowChoice thin = WindowChooser.choose(poisson(2), BOUNDS, warmup(2, 4));
        WindowChoice none = WindowChooser.choose(poisson(2), BOUNDS, null);

        assertThat(thin.seconds()).isEqualTo(300);
        assertThat(thin.predictedCv()).isNull();
        assertThat(thin.reason()).contains("completed 8 requests").contains("max_seconds");
        assertThat(none.seconds()).isEqualTo(300);
        assertThat(none.reason()).contains("completed 0 requests");
    }
}
