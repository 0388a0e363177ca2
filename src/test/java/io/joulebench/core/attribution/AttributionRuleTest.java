package io.joulebench.core.attribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttributionRuleTest {

    private static final long S = 1_000_000_000L;

    @Test
    void static_share_goes_by_active_time_and_the_rest_by_weighted_tokens() {
        // 100 J over 10 s at a 6 W baseline: 60 J static, 40 J dynamic
        AttributionRule rule = new AttributionRule(0.5, 6.0);
        List<RequestShare> shares = List.of(new RequestShare(1, 10 * S, 0, 30),
                new RequestShare(2, 5 * S, 20, 0));
        double[] j = rule.split(100, 10, shares);
        // static 60 × 10/15 and × 5/15; work 30 vs 0.5 × 20 = 10
        assertThat(j[0]).isCloseTo(40 + 30, within(1e-9));
        assertThat(j[1]).isCloseTo(20 + 10, within(1e-9));
        assertThat(Arrays.stream(j).sum()).isCloseTo(100, within(1e-9));
    }

    @Test
    void without_a_baseline_everything_is_dynamic() {
        AttributionRule rule = new AttributionRule(1.0, null);
        double[] j = rule.split(90, 10, List.of(new RequestShare(1, 10 * S, 0, 20),
                new RequestShare(2, 10 * S, 0, 10)));
        assertThat(j).containsExactly(new double[] {60, 30}, within(1e-9));
    }

    @Test
    void a_window_below_its_baseline_is_all_static_and_a_share_without_basis_moves_to_the_other() {
        double[] belowIdle = new AttributionRule(1.0, 20.0).split(50, 10,
                List.of(new RequestShare(1, 3 * S, 0, 100), new RequestShare(2, 1 * S, 0, 0)));
        assertThat(belowIdle).containsExactly(new double[] {37.5, 12.5}, within(1e-9));
        double[] noTokens = new AttributionRule(1.0, 1.0).split(50, 10,
                List.of(new RequestShare(1, 4 * S, 0, 0), new RequestShare(2, 1 * S, 0, 0)));
        assertThat(noTokens).containsExactly(new double[] {40, 10}, within(1e-9));
        double[] noTime = new AttributionRule(1.0, 1.0).split(50, 10,
                List.of(new RequestShare(1, 0, 0, 3), new RequestShare(2, 0, 0, 2)));
        assertThat(noTime).containsExactly(new double[] {30, 20}, within(1e-9));
    }

    @Test
    void a_bad_prefill_weight_is_refused() {
        assertThatThrownBy(() -> new AttributionRule(-0.1, null)).hasMessageContaining("prefill weight");
        assertThatThrownBy(() -> new AttributionRule(Double.NaN, null)).hasMessageContaining("prefill weight");
    }
}
