package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecimatorTest {

    @Test
    void a_long_trace_shrinks_to_the_bound_in_time_order_keeping_spikes() {
        List<PowerPoint> samples = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            samples.add(new PowerPoint(i * 0.01, i == 4321 ? 500 : i == 777 ? 5 : 100));
        }
        List<PowerPoint> out = Decimator.minMax(samples, 400);
        assertThat(out).hasSizeLessThanOrEqualTo(400);
        assertThat(out).extracting(PowerPoint::watts).contains(500.0, 5.0);
        assertThat(out).isSortedAccordingTo((a, b) -> Double.compare(a.tSeconds(), b.tSeconds()));
    }

    @Test
    void a_short_trace_is_returned_as_is() {
        List<PowerPoint> samples = List.of(new PowerPoint(0, 1), new PowerPoint(1, 2));
        assertThat(Decimator.minMax(samples, 400)).isSameAs(samples);
    }
}
