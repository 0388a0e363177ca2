package io.joulebench.app.run;

import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.energy.TestBrackets;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A quickstart-shaped run as the core would report it, on a clock the test owns: one session for all levels; per
 * level (announced first) a 3 s fixed warmup, a ramp, then windows of 0.05 J/token × (level + 1) with 1000 tokens; two devices
 * sampled once per window. The last level fails the stability gate. {@link #pause} runs between windows, so a real
 * execution can sleep there (and be interrupted).
 */
public final class ScriptedRun {

    /** Runs between steps; may throw InterruptedException. */
    public interface Pause {
        void between() throws InterruptedException;
    }

    public static final EnergyContext SIMULATED = new EnergyContext("simulated", EnergyKind.SIMULATED,
            EnergyMethod.INTEGRATED_POWER, List.of(), null);
    static final long SECOND = 1_000_000_000L;

    private final StudyPlan plan;
    private final StudyRunListener listener;
    private final AtomicLong clock;
    private final Pause pause;

    public ScriptedRun(StudyPlan plan, StudyRunListener listener, AtomicLong clock, Pause pause) {
        this.plan = plan;
        this.listener = listener;
        this.clock = clock;
        this.pause = pause;
    }

    /** The whole study. */
    public void play() throws InterruptedException {
        start();
        for (int l = 0; l < cells().size(); l++) {
            level(l, cells().get(l).experiment().server().windowsPerLevel());
            finish(l);
        }
        listener.sessionFinished("s1", null);
        listener.studyFinished(false);
    }

    List<ResolvedCell> cells() {
        return plan.cells().stream().filter(ResolvedCell::isServer).toList();
    }

    void start() {
        listener.studyStarted(plan);
        listener.sessionStarted("s1", cells());
        listener.serverReady("s1", "http://127.0.0.1:1");
    }

    /** Warmup, ramp and {@code windows} closed windows of level {@code l}; the gate has not spoken yet. */
    void level(int l, int windows) throws InterruptedException {
        ResolvedCell cell = cells().get(l);
        var server = cell.experiment().server();
        WindowSpec spec = new WindowSpec(cell.rate(), server.traffic().windowSeconds(),
                server.traffic().rampExclusionSeconds(), server.windowsPerLevel(), server.stabilityCvThreshold());
        // As the core's window manager does: the level is announced, then its warmup runs, then its traffic.
        listener.levelStarted(l, spec);
        listener.warmupStarted(l, io.joulebench.core.warmup.WarmupMode.FIXED);
        clock.addAndGet(3 * SECOND);
        listener.warmupFinished(new WarmupResult(l, WarmupMode.FIXED, true, false, 3, null, null, "fixed 3 s"));
        clock.addAndGet((long) (spec.rampExclusionSeconds() * SECOND));
        listener.rampFinished(l, clock.get());
        for (int w = 0; w < windows; w++) {
            pause.between();
            long start = clock.get();
            listener.windowOpened(l, w, start);
            listener.inFlight(3 + l);
            clock.addAndGet((long) (spec.durationSeconds() * SECOND));
            listener.powerSampled(List.of(new PowerSample(clock.get(), 0, 50.0 + 10 * l, 55.0 + l, false),
                    new PowerSample(clock.get(), 1, 40.0 + 10 * l, 52.0, false)));
            listener.windowClosed(window(l, w, start, clock.get(), true));
        }
    }

    /** The gate's verdict and the level's result. */
    void finish(int l) {
        ResolvedCell cell = cells().get(l);
        LevelOutcome outcome = outcome(l);
        listener.levelValidated(outcome);
        listener.levelResult(new LevelResult(cell, "s1", l, outcome, outcome.windows(), null, SIMULATED,
                outcome.validation().valid() ? null : outcome.validation().reason(), false));
    }

    LevelOutcome outcome(int l) {
        ResolvedCell cell = cells().get(l);
        var server = cell.experiment().server();
        boolean last = l == cells().size() - 1;
        List<WindowRecord> finals = new ArrayList<>();
        int n = server.windowsPerLevel();
        long end = clock.get();
        long length = (long) (server.traffic().windowSeconds() * SECOND);
        for (int w = 0; w < n; w++) {
            long start = end - (n - w) * length;
            finals.add(window(l, w, start, start + length, false));
        }
        LevelValidation validation = last
                ? new LevelValidation(false, "level CV 0.074 above threshold 0.05", 0.074, n, 0.05)
                : new LevelValidation(true, null, 0.01 * (l + 1), n, 0.05);
        WindowSpec spec = new WindowSpec(cell.rate(), server.traffic().windowSeconds(),
                server.traffic().rampExclusionSeconds(), n, server.stabilityCvThreshold());
        return new LevelOutcome(l, spec, finals, validation, null);
    }

    static WindowRecord window(int l, int w, long start, long end, boolean provisional) {
        double jPerToken = 0.05 * (l + 1) + 0.001 * w;
        LatencyPercentiles ttft = new LatencyPercentiles(20.0, 40.0, 60.0 + 10 * l, 80.0, 10, true);
        LatencyPercentiles lateness = new LatencyPercentiles(0.1, 0.2, 0.5 + l, 1.0, 10, true);
        WindowMetrics metrics = new WindowMetrics(2.0 * (l + 1), 10, 0, 0, 10, 1.0, 0, ttft, ttft, ttft, ttft, 1.0,
                lateness, null, null);
        return new WindowRecord(l, w, start, end, TestBrackets.of(start, end, jPerToken * 1000), 1000, null,
                metrics, 1000L, provisional);
    }
}
