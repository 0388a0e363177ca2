package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tick watch times the counter's real ticks, whatever update period the meter states. */
class TickWatchTest {

    private static final long MS = 1_000_000L;

    /** A meter stating {@code stated}; the readings are fed by hand. */
    private static EnergyMeter meter(Duration stated) {
        return new Stub(true, stated);
    }

    private record Stub(boolean hasEnergyCounter, Duration stated) implements EnergyMeter {
        @Override
        public Optional<Duration> counterUpdatePeriod() {
            return Optional.of(stated);
        }

        @Override
        public String source() {
            return "stub";
        }

        @Override
        public EnergyKind kind() {
            return EnergyKind.MEASURED;
        }

        @Override
        public List<DeviceInfo> devices() {
            return List.of(new DeviceInfo(0, "GPU", null));
        }

        @Override
        public MeterReading read() {
            throw new UnsupportedOperationException("readings are fed by hand");
        }

        @Override
        public void close() {
        }
    }

    /** Device 0's counter ticks every {@code periodMs} from {@code phaseMs}: 1 J per tick. */
    private static MeterReading at(long ms, long periodMs, long phaseMs) {
        double energy = ms < phaseMs ? 0 : 1 + (ms - phaseMs) / periodMs;
        return new MeterReading(ms * MS, List.of(new DeviceReading(0, energy, 100.0, null, null)));
    }

    @Test
    void a_counter_ticking_every_50_ms_measures_50_ms_though_the_meter_states_100() {
        TickWatch watch = TickWatch.start(meter(Duration.ofMillis(100)), EdgeAlignment.auto(), List.of(0), 0);
        for (long t = 0; !watch.done(t * MS); t += 5) {
            watch.observe(at(t, 50, 12));
        }
        TickWatch.Ticks ticks = watch.result();
        assertThat(ticks.periodMs()).isCloseTo(50.0, within(1e-9));
        assertThat(ticks.spacings()).isEqualTo(TickWatch.SPACINGS);
        assertThat(ticks.resolutionMs()).isEqualTo(5.0);
    }

    @Test
    void ticks_seen_only_across_coarse_gaps_are_not_timed() {
        TickWatch watch = TickWatch.start(meter(Duration.ofMillis(100)), EdgeAlignment.auto(), List.of(0), 0);
        for (long t = 0; t < 450; t += 100) { // a 100 ms sampler alone cannot time 100 ms ticks
            watch.observe(at(t, 100, 30));
        }
        assertThat(watch.result()).isNull();
    }

    @Test
    void no_watch_for_a_meter_without_a_counter_or_with_a_slow_one() {
        assertThat(TickWatch.start(meter(Duration.ofSeconds(30)), EdgeAlignment.auto(), List.of(0), 0)).isNull();
        assertThat(TickWatch.start(new Stub(false, Duration.ofMillis(100)), EdgeAlignment.auto(), List.of(0), 0))
                .isNull();
    }
}
