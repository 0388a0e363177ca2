package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.energy.SimulatedEnergyMeter;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.OpenAiStreamingTransport;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduleSpec;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 4, acceptance 3: on the reference engine under varying open-loop load, a bracket's counter energy (edges
 * aligned to the 100 ms counter ticks) is within 0.1 % of the engine's exact integral over a 60 s window and within
 * 1 % over 5 s windows; the polled-power cross-check is reported beside it. The 5 s windows are contiguous, as a
 * level's are: they share their edges, so their sum is also checked against the truth over the three.
 */
class SimulatedBracketAccuracyIT {

    @Test
    void counter_energy_matches_ground_truth_for_60s_and_5s_windows() throws Exception {
        Clock clock = Clock.system();
        try (RunningEngine engine = ReferenceEngine.start(EngineOptions.builder().seed(11).build());
             SimulatedEnergyMeter meter = SimulatedEnergyMeter.open(
                     List.of(URI.create(engine.baseUrl() + "/metrics")), clock);
             OpenAiStreamingTransport transport = OpenAiStreamingTransport.builder().baseUrl(engine.baseUrl())
                     .clock(clock).build()) {
            // Poisson traffic keeps the batch, and so the power, moving through every window.
            ArrivalSchedule schedule = ArrivalSchedule.build(
                    ScheduleSpec.ofHorizon(12, ArrivalProcess.POISSON, 1.0, 5L, 90));
            OpenLoopSource load = OpenLoopSource.builder().schedule(schedule).clock(clock).retainRecords(false)
                    .shapes(i -> new RequestShape(i, Map.of("prompt", "measure the energy of request " + i,
                            "max_tokens", 48)))
                    .build();
            Thread traffic = Thread.ofPlatform().daemon().start(() -> {
                try {
                    load.run(transport, Duration.ofSeconds(5));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            clock.sleep(Duration.ofSeconds(3));

            List<BracketResult> shortWindows = contiguous(meter, clock, 3, Duration.ofSeconds(5));
            BracketResult longWindow = contiguous(meter, clock, 1, Duration.ofSeconds(60)).getFirst();
            traffic.interrupt();
            traffic.join(Duration.ofSeconds(10).toMillis());

            for (BracketResult w : shortWindows) {
                assertAccurate(w, 0.01);
            }
            for (int i = 1; i < shortWindows.size(); i++) {
                assertThat(shortWindows.get(i).startNanos()).as("window %d opens on window %d's closing edge", i,
                        i - 1).isEqualTo(shortWindows.get(i - 1).endNanos());
            }
            double sum = shortWindows.stream().mapToDouble(BracketResult::energyJ).sum();
            double truth = shortWindows.stream().mapToDouble(BracketResult::truthJ).sum();
            System.out.printf(java.util.Locale.ROOT, "3 contiguous 5 s windows: %.3f J, truth %.3f J, error %.4f %%,"
                    + " energy spans %s s%n", sum, truth, 100 * Math.abs(sum - truth) / truth,
                    shortWindows.stream().map(w -> String.format(java.util.Locale.ROOT, "%.4f", w.durationSeconds()))
                            .toList());
            assertThat(Math.abs(sum - truth) / truth).isLessThan(0.01);
            assertAccurate(longWindow, 0.001);
        }
    }

    /**
     * {@code n} windows of {@code span} as the window manager runs them: each closes at its span end, due from the
     * first opening edge, and hands its closing edge to the next as that one's opening edge.
     */
    private static List<BracketResult> contiguous(SimulatedEnergyMeter meter, Clock clock, int n, Duration span)
            throws InterruptedException {
        List<BracketResult> out = new ArrayList<>();
        SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, clock);
        bracket.open();
        long start = bracket.openedAtNanos();
        for (int i = 1; i <= n; i++) {
            clock.sleepUntil(start + i * span.toNanos());
            if (i == n) {
                out.add(bracket.finish());
            } else {
                SampledMeasurementBracket next = new SampledMeasurementBracket(meter, clock);
                out.add(bracket.finishInto(next).result());
                bracket = next;
            }
        }
        return out;
    }

    private static void assertAccurate(BracketResult w, double tolerance) {
        double error = Math.abs(w.energyJ() - w.truthJ()) / w.truthJ();
        // printed, not logged: the figures belong in the IT report (docs/energy.md quotes them)
        System.out.printf(java.util.Locale.ROOT,
                "%.1f s window: counter %.3f J, truth %.3f J, error %.4f %%, cross-check (polled power) %.3f %%%n",
                w.durationSeconds(), w.energyJ(), w.truthJ(), 100 * error, 100 * w.crossCheckRelDiff());
        assertThat(w.kind()).isEqualTo(EnergyKind.SIMULATED);
        assertThat(w.method()).isEqualTo(EnergyMethod.COUNTER);
        assertThat(w.crossCheckRelDiff()).as("the polled-power cross-check is reported").isNotNull();
        assertThat(error).as("counter vs ground truth over %.1f s", w.durationSeconds()).isLessThan(tolerance);
    }
}
