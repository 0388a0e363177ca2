package io.joulebench.core.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.energy.PowerSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class WarmupGateTest {

    /** {@code count} samples of one device every {@code step} seconds. */
    private static List<PowerSample> series(int device, int count, double step, DoubleUnaryOperator watts,
                                            DoubleUnaryOperator celsius) {
        List<PowerSample> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double t = i * step;
            out.add(new PowerSample(Math.round(t * 1e9), device, watts.applyAsDouble(t), celsius.applyAsDouble(t),
                    false));
        }
        return out;
    }

    private static List<PowerSample> throttledAt(List<PowerSample> samples, double fromSeconds, double toSeconds) {
        return samples.stream().map(s -> s.tNanos() >= fromSeconds * 1e9 && s.tNanos() <= toSeconds * 1e9
                ? new PowerSample(s.tNanos(), s.device(), s.powerW(), s.temperatureC(), true) : s).toList();
    }

    @Test
    void power_plateau_needs_a_steady_tail_and_eight_samples() {
        assertThat(WarmupGate.powerPlateau(series(0, 120, 1, t -> 200, t -> 60))).isTrue();
        assertThat(WarmupGate.powerPlateau(series(0, 20, 1, t -> 100 * Math.pow(1.1, t), t -> 60))).isFalse();
        assertThat(WarmupGate.powerPlateau(series(0, 4, 1, t -> 200, t -> 60))).isFalse();
    }

    @Test
    void temperature_settles_only_with_a_long_flat_history_on_every_gpu() {
        assertThat(WarmupGate.temperatureSettled(series(0, 1200, 0.1, t -> 200, t -> 60))).isTrue();
        assertThat(WarmupGate.temperatureSettled(series(0, 300, 0.1, t -> 200, t -> 60))).isFalse();
        assertThat(WarmupGate.temperatureSettled(series(0, 1200, 0.1, t -> 200, t -> 40 + 0.1 * t))).isFalse();
        List<PowerSample> oneDrifting = new ArrayList<>(series(0, 1200, 0.1, t -> 200, t -> 60));
        oneDrifting.addAll(series(1, 1200, 0.1, t -> 200, t -> 40 + 0.1 * t));
        assertThat(WarmupGate.temperatureSettled(oneDrifting)).isFalse();
        List<PowerSample> spread = new ArrayList<>(series(0, 1200, 0.1, t -> 200, t -> 50));
        spread.addAll(series(1, 1200, 0.1, t -> 200, t -> 70));
        assertThat(WarmupGate.temperatureSettled(spread)).as("cross-GPU spread is not drift").isTrue();
        assertThat(WarmupGate.temperatureSettled(series(0, 1200, 0.1, t -> 200, t -> Double.NaN))).isFalse();
    }

    @Test
    void a_three_degree_spike_blocks_the_temperature() {
        List<PowerSample> spiky = series(0, 1200, 0.1, t -> 200, t -> t > 100 && t < 100.5 ? 63 : 60);
        assertThat(WarmupGate.temperatureSettled(spiky)).isFalse();
    }

    @Test
    void throttle_vetoes_only_recent_events_at_full_cadence() {
        List<PowerSample> clean = series(0, 600, 0.1, t -> 200, t -> 60);
        assertThat(WarmupGate.throttleClear(clean)).isTrue();
        assertThat(WarmupGate.throttleClear(throttledAt(clean, 55, 56))).isFalse();
        assertThat(WarmupGate.throttleClear(throttledAt(clean, 5, 6))).as("only old").isTrue();
        assertThat(WarmupGate.throttleClear(List.of())).isFalse();
        // a 900 ms throttle falls between two 1 Hz view samples but still vetoes
        List<PowerSample> brief = throttledAt(clean, 50.05, 50.95);
        assertThat(WarmupGate.decimate(brief, WarmupGate.VIEW_PERIOD_NANOS))
                .noneMatch(s -> Boolean.TRUE.equals(s.throttled()));
        assertThat(WarmupGate.evaluate(brief).throttleClear()).isFalse();
    }

    @Test
    void the_view_decimates_to_one_hertz_per_gpu_and_keeps_the_newest() {
        List<PowerSample> tenHz = series(0, 600, 0.1, t -> 200, t -> 60);
        List<PowerSample> view = WarmupGate.decimate(tenHz, WarmupGate.VIEW_PERIOD_NANOS);
        assertThat(view).hasSize(61);
        assertThat(view.getLast()).isEqualTo(tenHz.getLast());
        List<PowerSample> oneHz = series(0, 60, 1, t -> 200, t -> 60);
        assertThat(WarmupGate.decimate(oneHz, WarmupGate.VIEW_PERIOD_NANOS)).isEqualTo(oneHz);
        List<PowerSample> twoGpus = new ArrayList<>(tenHz);
        twoGpus.addAll(series(1, 600, 0.1, t -> 200, t -> 60));
        assertThat(WarmupGate.decimate(twoGpus, WarmupGate.VIEW_PERIOD_NANOS)).hasSize(122);
        assertThat(WarmupGate.decimate(series(0, 9000, 0.1, t -> 200, t -> 60), WarmupGate.VIEW_PERIOD_NANOS))
                .hasSizeLessThanOrEqualTo(902);
    }

    @Test
    void a_fast_ripple_plateaus_on_the_view() {
        // 2 Hz ripple sampled at 10 Hz: raw CV 0.2, the 1 Hz view always lands on the same phase
        List<PowerSample> ripple = series(0, 1200, 0.1, t -> 200 + 40 * Math.sin(2 * Math.PI * 2 * t + 0.5),
                t -> 60);
        assertThat(WarmupGate.powerPlateau(ripple)).isFalse();
        assertThat(WarmupGate.evaluate(ripple).powerPlateau()).isTrue();
    }

    @Test
    void each_observable_alone_can_fail_the_gate() {
        List<PowerSample> good = series(0, 1200, 0.1, t -> 200, t -> 60);
        assertThat(WarmupGate.evaluate(good).allHold()).isTrue();
        assertThat(WarmupGate.evaluate(series(0, 1200, 0.1, t -> 100 * Math.pow(1.01, t), t -> 60)))
                .isEqualTo(new WarmupObservables(false, true, true));
        assertThat(WarmupGate.evaluate(series(0, 1200, 0.1, t -> 200, t -> 40 + 0.1 * t)))
                .isEqualTo(new WarmupObservables(true, false, true));
        assertThat(WarmupGate.evaluate(throttledAt(good, 110, 111)))
                .isEqualTo(new WarmupObservables(true, true, false));
    }
}
