package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.energy.ModelGpuMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Consecutive windows tile the energy counter: with the real {@link SampledMeasurementBracket} (which waits at each
 * edge for the quantised counter to tick), window k+1 opens on window k's closing edge, so no energy falls between
 * two windows and none is counted twice.
 */
class ContiguousWindowEnergyTest {

    private static final double WATTS = 100;

    /** One level of {@code windows} windows of {@code seconds} on a 100 W model GPU whose counter ticks every 100 ms. */
    private static Level run(int windows, double seconds, Duration counterPhase) throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(1000);
        ModelGpuMeter meter = new ModelGpuMeter(clock, new double[] {WATTS}, 0, 1, Duration.ofMillis(100),
                counterPhase, true);
        SampledMeasurementBracket.Options options = SampledMeasurementBracket.Options.defaults()
                .withoutSamplerThread();
        Supplier<MeasurementBracket> brackets = () -> new SampledMeasurementBracket(meter, clock, options);
        WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(2).durationSeconds(seconds)
                .windowsPerLevel(windows).build();
        LevelOutcome outcome = new WindowManager(clock).runLevel(0,
                LevelPlan.builder(spec, ScriptedSource.returning(), r -> CompletionResult.EMPTY, brackets).build());
        return new Level(outcome.windows().stream().map(WindowRecord::bracket).toList(), meter);
    }

    private record Level(List<BracketResult> brackets, ModelGpuMeter meter) {
        double sumJ() {
            return brackets.stream().mapToDouble(BracketResult::energyJ).sum();
        }

        /** The exact energy between the first window's opening edge and the last one's closing edge. */
        double truthOverLevelJ() {
            return meter.truthJ(0, brackets.getLast().endNanos()) - meter.truthJ(0, brackets.getFirst().startNanos());
        }
    }

    @Test
    void every_window_gets_power_times_duration_when_the_counter_ticks_between_edges() throws Exception {
        // the counter ticks 25 ms after every 100 ms boundary, so each edge waits for a tick
        Level level = run(3, 5, Duration.ofMillis(25));

        assertThat(level.brackets()).hasSize(3).allSatisfy(b -> {
            assertThat(b.energyJ()).as("window energy").isCloseTo(WATTS * 5, within(0.5));
            assertThat(b.durationSeconds()).as("energy span").isCloseTo(5, within(0.005));
        });
    }

    @Test
    void consecutive_windows_share_their_edges_so_the_energy_sum_is_the_level_counter_delta() throws Exception {
        Level level = run(4, 5, Duration.ofMillis(60));
        List<BracketResult> b = level.brackets();

        for (int w = 1; w < b.size(); w++) {
            assertThat(b.get(w).startNanos()).as("window %d opens where window %d closed", w, w - 1)
                    .isEqualTo(b.get(w - 1).endNanos());
        }
        assertThat(level.sumJ()).as("no gap, no overlap").isCloseTo(level.truthOverLevelJ(), within(0.5));
        assertThat(level.sumJ()).isCloseTo(WATTS * 20, within(0.5));
    }

    @Test
    void a_next_bracket_that_cannot_be_minted_ahead_is_minted_again_at_its_own_window() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(1000);
        FakeBracket.Factory fakes = new FakeBracket.Factory(clock, 100);
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        Supplier<MeasurementBracket> flaky = () -> {
            if (calls.incrementAndGet() == 2) {
                throw new IllegalStateException("meter busy");
            }
            return fakes.get();
        };
        WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(2).durationSeconds(5).build();

        LevelOutcome outcome = new WindowManager(clock).runLevel(0,
                LevelPlan.builder(spec, ScriptedSource.returning(), r -> CompletionResult.EMPTY, flaky).build());

        assertThat(outcome.windows()).extracting(WindowRecord::energyJ).containsExactly(500.0, 500.0, 500.0);
        assertThat(fakes.journal).containsExactly("open0", "finish0", "open1", "finish1", "open2", "finish2");
    }
}
