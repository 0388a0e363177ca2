package io.joulebench.app.run;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.energy.TestBrackets;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Drives a {@link StudyRunListener} in real time with the event stream the core sends for a study at about
 * 10,000 req/s on 8 GPUs sampled at 10 Hz: per level a 1 s warmup (sampled), a 1 s ramp (no meter reads, a gap in
 * the trace), then 2 s windows; power in batches and the in-flight count every 250 ms (the core's live-feed
 * period), a window record with 10k-req/s-sized metrics as each window closes, the gate's verdict per level. The
 * request rate itself never reaches the listener (the core aggregates per window), so what scales with it here is
 * only the size of the numbers.
 */
final class SyntheticHighRateRun {

    static final int GPUS = 8;
    static final double SAMPLE_HZ = 10;
    static final long BATCH_NANOS = 250_000_000L;
    static final double RATE = 10_000;
    static final String STUDY = """
            study_name: frame-cost
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 100}
              max_output_tokens: 64
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {arrival: poisson, seed: 7, ramp_exclusion_seconds: 1, window_seconds: 2}
              warmup: {mode: fixed, duration_seconds: 1}
              windows_per_level: 3
            sweep:
              server.traffic.rate: [9600, 9700, 9800, 9900, 10000, 10100, 10200, 10300, 10400, 10500, 10600, 10700]
            """;

    private final StudyRunListener listener;
    private final LongSupplier nanos;
    private final SplittableRandom random = new SplittableRandom(42);
    private long nextSample;
    private long batches;
    private long samples;

    SyntheticHighRateRun(StudyRunListener listener, LongSupplier nanos) {
        this.listener = listener;
        this.nanos = nanos;
    }

    static StudyPlan plan() {
        try {
            Study study = new StudyLoader().parse("frame-cost.yaml", STUDY.getBytes(StandardCharsets.UTF_8), null);
            return StudyPlan.of(study);
        } catch (Exception e) {
            throw new IllegalStateException("the synthetic study does not load", e);
        }
    }

    /**
     * Feeds {@code historySeconds} of samples at once (a trace buffer already full), then plays levels in real time
     * until {@code seconds} have passed or the plan runs out.
     */
    void play(StudyPlan plan, double historySeconds, double seconds) throws InterruptedException {
        List<ResolvedCell> cells = plan.cells().stream().filter(ResolvedCell::isServer).toList();
        listener.studyStarted(plan);
        listener.sessionStarted("s1", cells);
        listener.serverReady("s1", "http://127.0.0.1:1");
        long now = nanos.getAsLong();
        List<PowerSample> history = new ArrayList<>();
        for (long t = now - (long) (historySeconds * 1e9); t < now; t += (long) (1e9 / SAMPLE_HZ)) {
            history.addAll(readings(t, 0));
        }
        listener.powerSampled(history);
        nextSample = now;
        long end = now + (long) (seconds * 1e9);
        for (int l = 0; l < cells.size() && nanos.getAsLong() < end; l++) {
            level(l, cells.get(l));
        }
        listener.studyFinished(false);
    }

    long batches() {
        return batches;
    }

    long samples() {
        return samples;
    }

    private void level(int l, ResolvedCell cell) throws InterruptedException {
        var server = cell.experiment().server();
        WindowSpec spec = new WindowSpec(cell.rate(), server.traffic().windowSeconds(),
                server.traffic().rampExclusionSeconds(), server.windowsPerLevel(), server.stabilityCvThreshold());
        listener.levelStarted(l, spec);
        listener.warmupStarted(l, io.joulebench.core.warmup.WarmupMode.FIXED);
        runFor(1.0, l, true);
        listener.warmupFinished(new WarmupResult(l, WarmupMode.FIXED, true, false, 1, null, null, "fixed 1 s"));
        runFor(spec.rampExclusionSeconds(), l, false);
        listener.rampFinished(l, nanos.getAsLong());
        List<WindowRecord> windows = new ArrayList<>();
        for (int w = 0; w < spec.windowsPerLevel(); w++) {
            long start = nanos.getAsLong();
            listener.windowOpened(l, w, start);
            runFor(spec.durationSeconds(), l, true);
            WindowRecord record = window(l, w, start, nanos.getAsLong());
            windows.add(record);
            listener.windowClosed(record);
        }
        boolean valid = l % 4 != 3;
        LevelValidation validation = valid ? new LevelValidation(true, null, 0.012, windows.size(), 0.05)
                : new LevelValidation(false, "level CV 0.081 above threshold 0.05", 0.081, windows.size(), 0.05);
        LevelOutcome outcome = new LevelOutcome(l, spec, windows, validation, null);
        listener.levelValidated(outcome);
        listener.levelResult(new LevelResult(cell, "s1", l, outcome, windows, null, ScriptedRun.SIMULATED,
                valid ? null : validation.reason(), false));
    }

    /** Real time passes in 250 ms batches: power (when the meter is read) and the requests in flight. */
    private void runFor(double seconds, int level, boolean metered) throws InterruptedException {
        long until = nanos.getAsLong() + (long) (seconds * 1e9);
        while (nanos.getAsLong() < until) {
            long next = Math.min(until, nanos.getAsLong() + BATCH_NANOS);
            LockSupport.parkNanos(next - nanos.getAsLong());
            if (Thread.interrupted()) {
                throw new InterruptedException("synthetic run stopped");
            }
            long now = nanos.getAsLong();
            List<PowerSample> batch = new ArrayList<>();
            for (; nextSample <= now; nextSample += (long) (1e9 / SAMPLE_HZ)) {
                if (metered) {
                    batch.addAll(readings(nextSample, level));
                }
            }
            if (!batch.isEmpty()) {
                listener.powerSampled(batch);
                batches++;
                samples += batch.size();
            }
            // Little's law at 10k req/s and ~0.2 s per request.
            listener.inFlight((int) (RATE * 0.2 * (0.9 + 0.2 * random.nextDouble())));
        }
    }

    private List<PowerSample> readings(long t, int level) {
        List<PowerSample> out = new ArrayList<>(GPUS);
        for (int g = 0; g < GPUS; g++) {
            double watts = 250 + 30 * level + 20 * g + 15 * random.nextDouble();
            out.add(new PowerSample(t, g, watts, 55 + g + random.nextDouble(), false));
        }
        return out;
    }

    /** A window's record sized for 10k req/s × 64 output tokens. */
    private WindowRecord window(int l, int w, long start, long end) {
        double seconds = (end - start) / 1e9;
        long requests = Math.round(RATE * seconds);
        long tokens = requests * 64;
        double energy = GPUS * (300 + 30 * l) * seconds * (1 + 0.01 * random.nextDouble());
        LatencyPercentiles ttft = new LatencyPercentiles(30.0, 55.0, 90.0 + l, 140.0, requests, true);
        LatencyPercentiles lateness = new LatencyPercentiles(0.02, 0.05, 0.3, 0.9, requests, true);
        WindowMetrics metrics = new WindowMetrics(RATE, requests, 0, 0, requests, 64.0, 0, ttft, ttft, ttft, ttft,
                1.0, lateness, null, null);
        return new WindowRecord(l, w, start, end, TestBrackets.of(start, end, energy), tokens, null, metrics,
                tokens, false);
    }
}
