package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IdleBaselineTest {

    @Test
    void baseline_is_the_mean_idle_power_and_is_measured_once() throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(5);
        ModelGpuMeter meter = ModelGpuMeter.constant(clock, 60, 15);
        AtomicInteger brackets = new AtomicInteger();
        IdleBaseline idle = new IdleBaseline(() -> {
            brackets.incrementAndGet();
            return new SampledMeasurementBracket(meter, clock,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
        }, clock, IdleBaseline.DEFAULT_DURATION);

        IdleBaseline.Baseline b = idle.baseline();

        assertThat(b.powerW()).isCloseTo(75, within(75 * 0.001));
        assertThat(b.durationS()).isCloseTo(30, within(0.3));
        assertThat(b.source()).isEqualTo("simulated");
        assertThat(b.method()).isEqualTo(EnergyMethod.COUNTER);
        assertThat(idle.baseline()).isSameAs(b);
        assertThat(brackets).hasValue(1);
    }

    @Test
    void adjusted_energy_subtracts_baseline_and_keeps_negative_values_flagged() {
        assertThat(IdleBaseline.adjust(1000, 75, 10)).isEqualTo(new IdleBaseline.Adjusted(250, false));
        assertThat(IdleBaseline.adjust(700, 75, 10)).isEqualTo(new IdleBaseline.Adjusted(-50, true));
    }
}
