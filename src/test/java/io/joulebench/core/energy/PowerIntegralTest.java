package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PowerIntegralTest {

    private static PowerSample at(double seconds, int device, Double watts) {
        return new PowerSample(Math.round(seconds * 1e9), device, watts, null, null);
    }

    @Test
    void trapezoid_is_exact_for_linearly_rising_power() {
        List<PowerSample> samples = new ArrayList<>();
        for (int i = 0; i <= 10; i++) {
            samples.add(at(i * 0.5, 0, 100.0 + 10 * i));
        }
        // P rises 100 → 200 W over 5 s: 750 J. Inside, the median of a monotone series is the series itself; at the
        // two clipped ends the 2-point window's "middle of the sorted list" is its upper value (spec §2.4), which
        // lifts the first sample from 100 to 105 W: +2.5 J over the first half-second trapezoid.
        assertThat(PowerIntegral.totalJ(samples)).isCloseTo(752.5, within(1e-9));
    }

    @Test
    void a_single_spike_is_removed_by_the_median_clean() {
        List<PowerSample> samples = new ArrayList<>();
        for (int i = 0; i <= 10; i++) {
            samples.add(at(i, 0, i == 5 ? 5000.0 : 300.0));
        }
        assertThat(PowerIntegral.totalJ(samples)).isCloseTo(3000, within(1e-9));
    }

    @Test
    void null_and_non_positive_power_are_dropped_and_devices_are_summed() {
        List<PowerSample> samples = List.of(
                at(0, 0, 100.0), at(1, 0, null), at(2, 0, 0.0), at(3, 0, 100.0),
                at(3, 1, 50.0), at(0, 1, 50.0));
        assertThat(PowerIntegral.perDeviceJ(samples)).containsEntry(0, 300.0).containsEntry(1, 150.0);
        assertThat(PowerIntegral.totalJ(samples)).isEqualTo(450.0);
    }

    @Test
    void fewer_than_two_usable_samples_give_no_energy() {
        assertThat(PowerIntegral.totalJ(List.of(at(0, 0, 100.0), at(1, 0, -1.0)))).isNull();
        assertThat(PowerIntegral.totalJ(List.of())).isNull();
    }
}
