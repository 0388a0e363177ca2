package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.attribution.AttributedPercentiles;
import io.joulebench.core.attribution.AttributionLedger;
import io.joulebench.core.attribution.AttributionRule;
import io.joulebench.core.energy.IdleBaseline;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.energy.SimulatedEnergyMeter;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.OpenAiStreamingTransport;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelPlan;
import io.joulebench.core.window.RequestLogRow;
import io.joulebench.core.window.RequestLogSink;
import io.joulebench.core.window.WindowManager;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Issue 18: one level on the reference engine, its windows' measured energy attributed to requests by the shipped
 * rule, checked against the engine's per-request ground truth ({@code usage.joulebench_true_energy_j}). The level's
 * attributed joules sum to its measured energy exactly; over complete requests the attributed energy is within the
 * bound docs/methodology.md states. The prefill weight is swept over the same requests, which is how its default
 * was measured (the figures are printed for the docs).
 */
class AttributionAccuracyIT {

    /** The bound docs/methodology.md states, at the default prefill weight (measured in three runs: 0.089–0.100 and 0.207–0.214). */
    private static final double MEDIAN_BOUND = 0.15;
    private static final double P90_BOUND = 0.30;

    @Test
    void attributed_energy_sums_to_the_measured_and_tracks_the_engines_truth_per_request() throws Exception {
        Clock clock = Clock.system();
        try (RunningEngine engine = ReferenceEngine.start(EngineOptions.builder().seed(18).build());
             SimulatedEnergyMeter meter = SimulatedEnergyMeter.open(
                     List.of(URI.create(engine.baseUrl() + "/metrics")), clock);
             OpenAiStreamingTransport transport = OpenAiStreamingTransport.builder().baseUrl(engine.baseUrl())
                     .clock(clock).build()) {
            double baseline = new IdleBaseline(() -> new SampledMeasurementBracket(meter, clock), clock,
                    Duration.ofSeconds(2)).baseline().powerW();
            WindowSpec spec = WindowSpec.builder().rate(10).rampExclusionSeconds(3).durationSeconds(5)
                    .windowsPerLevel(3).build();
            Capture log = new Capture();
            LevelPlan plan = LevelPlan.builder(spec, (listener, horizon) -> OpenLoopSource.builder()
                            .schedule(ArrivalSchedule.build(ScheduleSpec.ofHorizon(spec.rate(), ArrivalProcess.POISSON,
                                    1.0, 18L, horizon)))
                            .clock(clock).listener(listener).retainRecords(false).shapes(AttributionAccuracyIT::shape)
                            .build(), transport, () -> new SampledMeasurementBracket(meter, clock))
                    .drainTimeout(Duration.ofSeconds(20)).requestLog((level, windows) -> log)
                    .attribution(AttributionRule.DEFAULT.withBaseline(baseline)).build();

            LevelOutcome outcome = new WindowManager(clock).runLevel(plan);

            double measured = outcome.windows().stream().mapToDouble(WindowRecord::energyJ).sum();
            double attributed = log.attributed.values().stream().mapToDouble(Double::doubleValue).sum();
            System.out.printf(Locale.ROOT, "baseline %.2f W; %d requests; measured %.3f J, attributed %.3f J%n",
                    baseline, log.rows.size(), measured, attributed);
            assertThat(attributed).as("the windows' shares sum to their measured energy")
                    .isCloseTo(measured, within(1e-9 * measured));
            assertThat(outcome.windows()).allSatisfy(w -> assertThat(w.attributed()).isNotNull());

            // the same ledger rebuilt from the rows gives what the level wrote, then a sweep of the prefill weight
            AttributionLedger ledger = rebuild(log.rows, outcome.windows());
            List<Double> energies = outcome.windows().stream().map(WindowRecord::energyJ).toList();
            List<Double> durations = outcome.windows().stream().map(w -> w.bracket().durationSeconds()).toList();
            AttributionLedger.Result shipped = ledger.attribute(energies, durations,
                    AttributionRule.DEFAULT.withBaseline(baseline));
            assertThat(shipped.perRequestJ()).isEqualTo(log.attributed);
            assertThat(shipped.complete()).hasSizeGreaterThan(50);

            double[] atDefault = null;
            double bestMedian = Double.MAX_VALUE;
            for (double weight : new double[] {0, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.5, 1}) {
                double[] e = errors(ledger.attribute(energies, durations, new AttributionRule(weight, baseline)),
                        log.rows);
                System.out.printf(Locale.ROOT, "prefill weight %.2f: relative error median %.4f, p90 %.4f (%d)%n",
                        weight, e[0], e[1], (int) e[2]);
                bestMedian = Math.min(bestMedian, e[0]);
                if (weight == AttributionRule.DEFAULT_PREFILL_WEIGHT) {
                    atDefault = e;
                }
            }
            double[] noBaseline = errors(ledger.attribute(energies, durations,
                    AttributionRule.DEFAULT), log.rows);
            System.out.printf(Locale.ROOT, "without the baseline: median %.4f, p90 %.4f%n", noBaseline[0],
                    noBaseline[1]);
            assertThat(atDefault[2]).as("complete requests that carried the engine's truth").isGreaterThan(50);
            assertThat(atDefault[0]).as("median relative error").isLessThan(MEDIAN_BOUND);
            assertThat(atDefault[1]).as("p90 relative error").isLessThan(P90_BOUND);
            assertThat(atDefault[0]).as("the default weight is (near) the best of the sweep")
                    .isLessThanOrEqualTo(bestMedian + 0.02);
        }
    }

    /** Prompts of 20 to 1000 token ids and 16 to 128 output tokens, so prefill and decode shares differ. */
    private static RequestShape shape(int i) {
        int prompt = 20 + (int) ((i * 7919L) % 981);
        int output = 16 + (int) ((i * 104729L) % 113);
        List<Integer> ids = IntStream.range(0, prompt).map(k -> 100 + k % 50).boxed().toList();
        return new RequestShape(i, Map.of("prompt", ids, "max_tokens", output));
    }

    private static AttributionLedger rebuild(List<RequestLogRow> rows, List<WindowRecord> windows) {
        long[] edges = new long[windows.size() + 1];
        for (int w = 0; w < windows.size(); w++) {
            edges[w] = windows.get(w).spanStartNanos();
            edges[w + 1] = windows.get(w).spanEndNanos();
        }
        AttributionLedger ledger = new AttributionLedger(windows.size());
        for (RequestLogRow row : rows) {
            // a request over before the windows adds no share here, as in the level
            ledger.add(row.record(), row.windowIndex(), row.inMeasurementWindow(), edges);
        }
        return ledger;
    }

    /** Median and p90 of |attributed − true| / true over complete requests, and their count. */
    private static double[] errors(AttributionLedger.Result r, List<RequestLogRow> rows) {
        List<Double> e = new ArrayList<>();
        for (RequestLogRow row : rows) {
            long index = row.record().index();
            Double truth = row.record().result().serverTrueEnergyJ();
            if (r.complete().contains(index) && truth != null && truth > 0) {
                e.add(Math.abs(r.perRequestJ().getOrDefault(index, 0.0) - truth) / truth);
            }
        }
        Collections.sort(e);
        AttributedPercentiles p = AttributedPercentiles.of(e.stream().mapToDouble(Double::doubleValue).toArray());
        return new double[] {p.p50J(), p.p90J(), e.size()};
    }

    /** The level's request log, kept in memory. */
    private static final class Capture implements RequestLogSink {
        final List<RequestLogRow> rows = Collections.synchronizedList(new ArrayList<>());
        volatile Map<Long, Double> attributed = Map.of();

        @Override
        public void row(RequestLogRow row) {
            rows.add(row);
        }

        @Override
        public void attributed(Map<Long, Double> joulesByRequest) {
            attributed = joulesByRequest;
        }

        @Override
        public void close() {
        }
    }
}
