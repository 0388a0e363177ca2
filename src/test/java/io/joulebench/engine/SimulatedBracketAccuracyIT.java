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
 * 1 % over 5 s windows; the polled-power cross-check is reported beside it.
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

            List<BracketResult> shortWindows = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                shortWindows.add(measure(meter, clock, Duration.ofSeconds(5)));
            }
            BracketResult longWindow = measure(meter, clock, Duration.ofSeconds(60));
            traffic.interrupt();
            traffic.join(Duration.ofSeconds(10).toMillis());

            for (BracketResult w : shortWindows) {
                assertAccurate(w, 0.01);
            }
            assertAccurate(longWindow, 0.001);
        }
    }

    private static BracketResult measure(SimulatedEnergyMeter meter, Clock clock, Duration span)
            throws InterruptedException {
        SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, clock);
        bracket.open();
        clock.sleep(span);
        return bracket.finish();
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
