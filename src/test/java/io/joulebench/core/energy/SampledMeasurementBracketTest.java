package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SampledMeasurementBracketTest {

    private static final SampledMeasurementBracket.Options MANUAL =
            SampledMeasurementBracket.Options.defaults().withoutSamplerThread();

    /** Opens, samples every 100 ms of virtual time for {@code seconds}, finishes. */
    static BracketResult run(EnergyMeter meter, VirtualClock clock, double seconds,
                             SampledMeasurementBracket.Options options) throws InterruptedException {
        SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, clock, options);
        bracket.open();
        long start = bracket.samplesSoFar().getFirst().tNanos();
        long end = start + Math.round(seconds * 1e9);
        long next = start + options.sampleInterval().toNanos();
        while (next < end) {
            clock.sleepUntil(next);
            bracket.sampleNow();
            next += options.sampleInterval().toNanos();
        }
        clock.sleepUntil(end);
        return bracket.finish();
    }

    private static double worstRelError(double seconds, EdgeAlignment alignment) throws InterruptedException {
        double worst = 0;
        for (int phaseMs = 0; phaseMs < 100; phaseMs += 7) {
            for (int startMs = 0; startMs < 100; startMs += 13) {
                VirtualClock clock = new VirtualClock(Duration.ofSeconds(1000).plusMillis(startMs).toNanos());
                ModelGpuMeter meter = new ModelGpuMeter(clock, new double[] {350, 420}, 120, 7.3,
                        Duration.ofMillis(100), Duration.ofMillis(phaseMs), true);
                // window lengths off the 100 ms grid, so the two edges sit at different counter phases
                double length = seconds + ((startMs * 37) % 100) / 1000.0;
                BracketResult r = run(meter, clock, length, MANUAL.withEdgeAlignment(alignment));
                worst = Math.max(worst, Math.abs(r.energyJ() - r.truthJ()) / r.truthJ());
            }
        }
        return worst;
    }

    @Test
    void aligned_counter_energy_is_within_1_percent_of_truth_for_5s_windows() throws InterruptedException {
        assertThat(worstRelError(5, EdgeAlignment.auto())).isLessThan(0.01);
    }

    @Test
    void aligned_counter_energy_is_within_0_1_percent_of_truth_for_60s_windows() throws InterruptedException {
        assertThat(worstRelError(60, EdgeAlignment.auto())).isLessThan(0.001);
    }

    @Test
    void unaligned_edges_miss_by_more_than_1_percent_where_aligned_edges_do_not() throws InterruptedException {
        assertThat(worstRelError(5, EdgeAlignment.off())).isGreaterThan(0.01);
    }

    @Test
    void counter_bracket_reports_the_power_integral_as_cross_check() throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(50);
        BracketResult r = run(ModelGpuMeter.constant(clock, 300, 150), clock, 10, MANUAL);

        assertThat(r.method()).isEqualTo(EnergyMethod.COUNTER);
        assertThat(r.energyJ()).isCloseTo(4500, within(1.0));
        assertThat(r.deviceEnergyJ()).containsExactly(r.deviceEnergyJ().get(0), r.deviceEnergyJ().get(1));
        assertThat(r.deviceEnergyJ().get(0)).isCloseTo(3000, within(1.0));
        assertThat(r.integratedJ()).isCloseTo(4500, within(1.0));
        assertThat(r.crossCheckRelDiff()).isEqualTo((r.integratedJ() - r.energyJ()) / r.energyJ());
        assertThat(r.meanPowerW()).isCloseTo(450, within(0.1));
        assertThat(r.durationSeconds()).isCloseTo(10, within(1e-9));
        assertThat(r.truthJ()).isCloseTo(4500, within(1e-6));
        assertThat(r.kind()).isEqualTo(EnergyKind.SIMULATED);
        assertThat(r.devices()).extracting(DeviceInfo::name).containsExactly("Model GPU 0", "Model GPU 1");
    }

    @Test
    void meter_without_counter_uses_the_power_integral_and_says_so() throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(50);
        ModelGpuMeter meter = new ModelGpuMeter(clock, new double[] {200}, 0, 1, Duration.ofMillis(100),
                Duration.ZERO, false);
        BracketResult r = run(meter, clock, 4, MANUAL);

        assertThat(r.method()).isEqualTo(EnergyMethod.INTEGRATED_POWER);
        assertThat(r.energyJ()).isCloseTo(800, within(1e-6));
        assertThat(r.energyJ()).isEqualTo(r.integratedJ());
        assertThat(r.crossCheckRelDiff()).isNull();
    }

    @ParameterizedTest
    @CsvSource({"0, 300", "1, 150"})
    void a_device_selection_sums_only_the_selected_devices(int device, double watts) throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(50);
        BracketResult r = run(ModelGpuMeter.constant(clock, 300, 150), clock, 2,
                MANUAL.withDevices(List.of(device)));

        assertThat(r.energyJ()).isCloseTo(watts * 2, within(0.5));
        assertThat(r.devices()).extracting(DeviceInfo::index).containsExactly(device);
        assertThat(r.samples()).allMatch(s -> s.device() == device);
    }

    @Test
    void selecting_an_unknown_device_is_refused() {
        VirtualClock clock = VirtualClock.atSeconds(50);
        assertThatThrownBy(() -> new SampledMeasurementBracket(ModelGpuMeter.constant(clock, 300), clock,
                MANUAL.withDevices(List.of(3))))
                .isInstanceOf(MeterException.class).hasMessageContaining("device 3");
    }

    @Test
    void samples_cover_both_edges_with_temperature_and_throttle() throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(50);
        BracketResult r = run(ModelGpuMeter.constant(clock, 300), clock, 1, MANUAL);

        assertThat(r.samples().getFirst().tNanos()).isEqualTo(r.startNanos());
        assertThat(r.samples().getLast().tNanos()).isEqualTo(r.endNanos());
        assertThat(r.samples()).hasSize(11).allMatch(s -> s.temperatureC() == 60.0 && !s.throttled());
    }

    @Test
    void a_bracket_is_used_once_and_close_never_throws() throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(50);
        SampledMeasurementBracket bracket = new SampledMeasurementBracket(ModelGpuMeter.constant(clock, 300), clock,
                MANUAL);
        assertThatThrownBy(bracket::finish).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no open bracket");
        bracket.open();
        assertThatThrownBy(bracket::open).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already open");
        clock.sleep(Duration.ofSeconds(1));
        bracket.finish();
        bracket.close();
        bracket.close();
        assertThatThrownBy(bracket::finish).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void the_sampler_thread_samples_while_open_and_stops_at_finish() throws InterruptedException {
        ModelGpuMeter meter = ModelGpuMeter.constant(Clock.system(), 300);
        SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, Clock.system(),
                SampledMeasurementBracket.Options.defaults().withSampleInterval(Duration.ofMillis(10)));
        bracket.open();
        // samples arrive while open: wait for them instead of sleeping a fixed time
        assertThat(Clock.system().awaitCondition(() -> bracket.samplesSoFar().size() > 5, Duration.ofSeconds(30),
                Duration.ofMillis(5))).isTrue();
        BracketResult r = bracket.finish();
        int afterFinish = r.samples().size();
        // once the sampler thread has ended nothing more can arrive
        assertThat(Clock.system().awaitCondition(() -> Thread.getAllStackTraces().keySet().stream().noneMatch(
                t -> t.getName().startsWith("joulebench-power-sampler") && t.isAlive()), Duration.ofSeconds(30),
                Duration.ofMillis(5))).as("the sampler thread stops at finish").isTrue();

        assertThat(afterFinish).isGreaterThan(5);
        assertThat(bracket.samplesSoFar()).hasSize(afterFinish);
    }
}
