package io.joulebench.jmh;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelPlan;
import io.joulebench.core.window.Slo;
import io.joulebench.core.window.TrafficSourceFactory;
import io.joulebench.core.window.WindowManager;
import io.joulebench.core.window.WindowSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One measured window through the shipped window manager: {@code WindowManager.runLevel} on a virtual clock (the
 * ramp and the window are slept through at once) with one 10 s window and an SLO, fed {@code requests} finished
 * requests of 64 streamed tokens each. What is timed is what a real level does per window: the level aggregator
 * attributes every token receipt to the ramp, the window or the drain, folds each request into the window's
 * latency accumulators (TTFT, TPOT, ITL, E2E, dispatch lag; ITL holds 63 samples per request, so 10,000 requests
 * put 630,000 ITL samples past the exact limit into the histogram), then builds the window's metrics twice (the
 * provisional record at the window's close, the final one after the drain) and the stability verdict.
 *
 * <p>The records are built once; each run replays them on a fresh clock and manager. The source hands them to the
 * aggregator when it is created (as the unit tests' scripted source does), so they wait in its pending list until
 * the ramp ends and are folded there, by the same code that folds a live request; no thread timing is involved
 * apart from starting and joining the level's traffic thread (tens of µs).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class WindowAggregationBenchmark {

    static final int TOKENS = 64;
    static final long START = 1_000_000_000_000L;
    static final long RAMP = 1_000_000_000L;
    static final double WINDOW_SECONDS = 10;

    @Param({"1000", "10000"})
    public int requests;

    List<RequestRecord> records;
    BracketResult bracket;
    WindowSpec spec;
    Slo slo;

    @Setup
    public void setup() {
        long s0 = START + RAMP;
        long window = (long) (WINDOW_SECONDS * 1e9);
        records = new ArrayList<>(requests);
        for (int i = 0; i < requests; i++) {
            long issued = s0 + (long) ((i + 0.5) * window / requests);
            long[] times = new long[TOKENS];
            long t = issued + 40_000_000L + (i % 17) * 1_000_000L;      // TTFT 40–56 ms
            for (int k = 0; k < TOKENS; k++) {
                times[k] = t;
                t += 15_000_000L + ((i + k) % 11) * 500_000L;           // ITL 15–20 ms: the last ~1.1 s drains
            }
            records.add(new RequestRecord(i, issued, issued + 20_000L + (i % 7) * 3_000L,
                    times[TOKENS - 1] + 1_000_000L, RequestStatus.OK, null,
                    new CompletionResult(null, times, 128, TOKENS, "length")));
        }
        List<PowerSample> samples = new ArrayList<>();
        for (long at = s0; at <= s0 + window; at += 100_000_000L) {                // one GPU at 10 Hz
            samples.add(new PowerSample(at, 0, 300.0 + (at / 100_000_000L) % 5, 60.0, false));
        }
        bracket = new BracketResult(
                new BracketResult.Span(s0, s0 + window, Instant.EPOCH, Instant.EPOCH.plusSeconds(10)),
                new BracketResult.Provenance("bench", EnergyKind.SIMULATED, EnergyMethod.COUNTER,
                        List.of(new DeviceInfo(0, "gpu", "gpu-0"))), 3010.0, List.of(3010.0), null, null, samples,
                List.of());
        spec = WindowSpec.builder().rate(requests / WINDOW_SECONDS).rampExclusionSeconds(RAMP / 1e9)
                .durationSeconds(WINDOW_SECONDS).windowsPerLevel(1).build();
        slo = new Slo(200.0, 25.0, 0.9);
    }

    @Benchmark
    public LevelOutcome oneWindow() throws Exception {
        VirtualClock clock = new VirtualClock(START);
        LevelPlan plan = LevelPlan.builder(spec, new ReplaySource(records), request -> CompletionResult.EMPTY,
                () -> new FixedBracket(bracket)).slo(slo).build();
        return new WindowManager(clock).runLevel(0, plan);
    }

    /** Hands the prepared records to the level's listener when created; its run returns at once. */
    record ReplaySource(List<RequestRecord> records) implements TrafficSourceFactory, TrafficSource {

        @Override
        public TrafficSource create(RequestListener listener, double horizonSeconds) {
            records.forEach(listener::onTerminal);
            return this;
        }

        @Override
        public IssuerReport run(io.joulebench.core.traffic.Transport transport, Duration drainTimeout) {
            return new IssuerReport(records.size(), records.size(), 0, 0, 0, null, 0.0,
                    IssuerReport.LatencySummary.EMPTY, List.of());
        }
    }

    /** A bracket whose result is prepared: the meter's cost is not what this benchmark measures. */
    record FixedBracket(BracketResult result) implements MeasurementBracket {

        @Override
        public void open() {
        }

        @Override
        public BracketResult finish() {
            return result;
        }

        @Override
        public void close() {
        }
    }
}
