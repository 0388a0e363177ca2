package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.AutoWindowConfig;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.warmup.WarmupTraffic;
import io.joulebench.core.window.WindowSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The level driver's hook: an auto level's windows take the length chosen from its warmup, a fixed level its own. */
class AutoWindowHookTest {

    private final WindowSpec spec = WindowSpec.builder().rate(4).durationSeconds(300).build();
    private final WarmupResult warmed = new WarmupResult(0, WarmupMode.FIXED, true, false, 30, 900.0, null, "fixed",
            null, new WarmupTraffic(120, 0, 120 * 64, 0, 2, 30), null);

    private static TrafficConfig traffic(AutoWindowConfig auto, Map<Double, Double> byRate) {
        return new TrafficConfig(4.0, ArrivalProcess.POISSON, null, 1L, 300, 5, null, null, null, 60, byRate, auto);
    }

    @Test
    void an_auto_level_runs_its_windows_with_the_chosen_length() {
        WarmupResult r = AutoWindowHook.choose(warmed, traffic(new AutoWindowConfig(10, 300, 0.03), Map.of()), spec);
        WindowSpec fixed = new AutoWindowHook((l, s) -> { }, () -> r).windowSpec(0, spec);

        assertThat(r.windowChoice()).isNotNull();
        assertThat(r.windowChoice().seconds()).isBetween(10.0, 299.0);
        assertThat(fixed.durationSeconds()).isEqualTo(r.windowChoice().seconds());
        assertThat(fixed.withDurationSeconds(300)).isEqualTo(spec);
    }

    @Test
    void a_fixed_level_and_a_listed_rate_keep_their_spec() {
        WarmupResult plain = AutoWindowHook.choose(warmed, traffic(null, Map.of()), spec);
        WarmupResult listed = AutoWindowHook.choose(warmed,
                traffic(new AutoWindowConfig(10, 300, 0.03), Map.of(4.0, 60.0)), spec);

        assertThat(plain.windowChoice()).isNull();
        assertThat(listed.windowChoice()).isNull();
        assertThat(new AutoWindowHook((l, s) -> { }, () -> plain).windowSpec(0, spec)).isSameAs(spec);
    }
}
