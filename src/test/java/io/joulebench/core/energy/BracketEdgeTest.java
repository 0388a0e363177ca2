package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Shared edges between consecutive brackets, the edge instant, and the warnings a bracket carries. */
class BracketEdgeTest {

    private static final SampledMeasurementBracket.Options MANUAL =
            SampledMeasurementBracket.Options.defaults().withoutSamplerThread();

    private final VirtualClock clock = VirtualClock.atSeconds(100);

    /** 100 W, a counter that ticks 70 ms after each 100 ms boundary: an edge at a boundary waits 70 ms. */
    private ModelGpuMeter lateTicking() {
        return new ModelGpuMeter(clock, new double[] {100}, 0, 1, Duration.ofMillis(100), Duration.ofMillis(70), true);
    }

    @Test
    void finishing_into_the_next_bracket_shares_one_edge_and_loses_no_energy() throws Exception {
        ModelGpuMeter meter = lateTicking();
        SampledMeasurementBracket first = new SampledMeasurementBracket(meter, clock, MANUAL);
        SampledMeasurementBracket second = new SampledMeasurementBracket(meter, clock, MANUAL);
        first.open();
        long t0 = first.openedAtNanos();
        clock.sleepUntil(t0 + 5_000_000_000L);
        MeasurementBracket.Handover h = first.finishInto(second);
        clock.sleepUntil(t0 + 10_000_000_000L);
        BracketResult r2 = second.finish();

        BracketResult r1 = h.result();
        assertThat(h.nextOpened()).isTrue();
        assertThat(r2.startNanos()).isEqualTo(r1.endNanos()).isEqualTo(t0 + 5_000_000_000L);
        assertThat(r2.startUtc()).isEqualTo(r1.endUtc());
        assertThat(r1.energyJ()).isCloseTo(500, within(0.5));
        assertThat(r2.energyJ()).as("the edge wait is not lost to the second bracket").isCloseTo(500, within(0.5));
        assertThat(r1.energyJ() + r2.energyJ()).isCloseTo(r1.truthJ() + r2.truthJ(), within(0.5));
        assertThat(r2.samples().getFirst().tNanos()).isEqualTo(r2.startNanos());
    }

    @Test
    void a_bracket_on_another_meter_is_left_unopened_for_the_caller() throws Exception {
        SampledMeasurementBracket first = new SampledMeasurementBracket(lateTicking(), clock, MANUAL);
        SampledMeasurementBracket other = new SampledMeasurementBracket(lateTicking(), clock, MANUAL);
        first.open();
        clock.sleepUntil(first.openedAtNanos() + 1_000_000_000L);

        MeasurementBracket.Handover h = first.finishInto(other);

        assertThat(h.nextOpened()).isFalse();
        assertThat(h.result().energyJ()).isCloseTo(100, within(0.5));
        other.open();
        assertThat(other.samplesSoFar()).hasSize(1);
    }

    @Test
    void the_closing_edge_instant_is_the_first_reading_not_the_end_of_the_tick_wait() throws Exception {
        SampledMeasurementBracket b = new SampledMeasurementBracket(lateTicking(), clock, MANUAL);
        b.open();
        long opened = b.openedAtNanos();
        clock.sleepUntil(opened + 2_000_000_000L);
        BracketResult r = b.finish();

        assertThat(clock.nanoTime()).as("the closing edge waited for a tick").isGreaterThan(r.endNanos());
        assertThat(r.durationSeconds()).isEqualTo(2.0);
        assertThat(r.energyJ()).isCloseTo(200, within(0.5));
    }

    @Test
    void a_counter_that_goes_backwards_gives_no_energy_and_says_why() {
        ScriptedCounterMeter meter = new ScriptedCounterMeter(clock, 5_000.0);
        SampledMeasurementBracket b = new SampledMeasurementBracket(meter, clock, MANUAL);
        b.open();
        clock.advance(Duration.ofSeconds(1));
        meter.counterJ.set(12.0);    // the driver reloaded: the counter restarted near zero

        BracketResult r = b.finish();

        assertThat(r.energyJ()).isNull();
        assertThat(r.deviceEnergyJ()).containsExactly((Double) null);
        assertThat(r.meanPowerW()).isNull();
        assertThat(r.warnings()).singleElement().asString().contains("counter went backwards", "reset or wrap");
    }

    @Test
    void the_meter_warnings_at_the_close_and_unticked_edges_are_carried_in_the_result() {
        ScriptedCounterMeter meter = new ScriptedCounterMeter(clock, 1_000.0);
        meter.warnings.set(List.of("stale DCGM values: GPU 0"));
        SampledMeasurementBracket b = new SampledMeasurementBracket(meter, clock,
                MANUAL.withEdgeAlignment(EdgeAlignment.auto().withUpdatePeriod(Duration.ofMillis(100))));
        b.open();
        clock.advance(Duration.ofSeconds(1));

        BracketResult r = b.finish();

        assertThat(r.energyJ()).isEqualTo(0.0);
        assertThat(r.warnings()).first().isEqualTo("stale DCGM values: GPU 0");
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("did not tick", "opening edge"))
                .anySatisfy(w -> assertThat(w).contains("did not tick", "closing edge"));
    }

    /** One device whose counter holds whatever the test sets (it never ticks on its own), at 100 W. */
    static final class ScriptedCounterMeter implements EnergyMeter {
        final AtomicReference<Double> counterJ;
        final AtomicReference<List<String>> warnings = new AtomicReference<>(List.of());
        private final VirtualClock clock;

        ScriptedCounterMeter(VirtualClock clock, double counterJ) {
            this.clock = clock;
            this.counterJ = new AtomicReference<>(counterJ);
        }

        @Override
        public String source() {
            return "scripted";
        }

        @Override
        public EnergyKind kind() {
            return EnergyKind.SIMULATED;
        }

        @Override
        public boolean hasEnergyCounter() {
            return true;
        }

        @Override
        public List<String> warnings() {
            return warnings.get();
        }

        @Override
        public List<DeviceInfo> devices() {
            return List.of(new DeviceInfo(0, "scripted", null));
        }

        @Override
        public MeterReading read() {
            return new MeterReading(clock.nanoTime(), List.of(new DeviceReading(0, counterJ.get(), 100.0, 50.0,
                    false)));
        }

        @Override
        public void close() {
        }
    }
}
