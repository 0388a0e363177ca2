package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CounterHistoryTest {

    private static CounterHistory of(double... tv) {
        CounterHistory h = new CounterHistory();
        List<PrometheusSeries.Point> points = new java.util.ArrayList<>();
        for (int i = 0; i < tv.length; i += 2) {
            points.add(new PrometheusSeries.Point(tv[i], tv[i + 1]));
        }
        h.add(points);
        return h;
    }

    @Test
    void value_between_samples_is_linearly_interpolated() {
        CounterHistory h = of(10, 1000, 11, 1300, 12, 1500);
        assertThat(h.valueAt(10.25).getAsDouble()).isCloseTo(1075, within(1e-9));
        assertThat(h.valueAt(11.5).getAsDouble()).isCloseTo(1400, within(1e-9));
        assertThat(h.valueAt(11).getAsDouble()).isCloseTo(1300, within(1e-9));
    }

    @Test
    void outside_the_samples_the_nearest_value_is_held() {
        CounterHistory h = of(10, 1000, 11, 1300);
        assertThat(h.valueAt(9).getAsDouble()).isEqualTo(1000);
        assertThat(h.valueAt(12).getAsDouble()).isEqualTo(1300);
        assertThat(h.hasSampleAtOrAfter(11.5)).isFalse();
        assertThat(h.hasSampleAtOrBefore(9.5)).isFalse();
        assertThat(new CounterHistory().valueAt(1)).isEmpty();
    }

    @Test
    void a_reset_adds_the_value_before_it_as_prometheus_increase_does() {
        // 100 → 200, reset, 50 → 150: increase() counts 100 + 50 + 100 = 250
        CounterHistory h = of(0, 100, 1, 200, 2, 50, 3, 150);
        assertThat(h.valueAt(3).getAsDouble() - h.valueAt(0).getAsDouble()).isCloseTo(250, within(1e-9));
        // half-way between the reset's neighbours: 200 + (250 − 200)/2
        assertThat(h.valueAt(1.5).getAsDouble()).isCloseTo(225, within(1e-9));
        assertThat(h.resetsBetween(0, 3)).containsExactly(2.0);
        assertThat(h.resetsBetween(2, 3)).isEmpty();
    }

    @Test
    void samples_arriving_twice_or_out_of_order_count_once() {
        CounterHistory h = of(2, 300, 0, 100);
        h.add(List.of(new PrometheusSeries.Point(1, 200), new PrometheusSeries.Point(2, 300),
                new PrometheusSeries.Point(3, Double.NaN)));
        assertThat(h.valueAt(2).getAsDouble() - h.valueAt(0).getAsDouble()).isCloseTo(200, within(1e-9));
        assertThat(h.resetsBetween(0, 3)).isEmpty();
        assertThat(h.hasSampleAtOrAfter(2.5)).as("NaN is no sample").isFalse();
    }

    @Test
    void latest_slope_is_the_last_two_samples_rate() {
        assertThat(of(0, 100, 2, 700).latestSlope().getAsDouble()).isCloseTo(300, within(1e-9));
        assertThat(of(0, 100).latestSlope()).isEmpty();
    }
}
