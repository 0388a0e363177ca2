package io.joulebench.app.run;

import io.joulebench.app.live.GpuTrace;
import io.joulebench.app.live.Kpis;
import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.PowerPoint;
import io.joulebench.app.live.RunProgress;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.TimeSpan;
import io.joulebench.app.live.WarmupState;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.run.StudyProgress;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Turns the core's study-run events into the live view's {@link LiveSnapshot}. Events arrive on the runner's
 * threads and only update state under a lock; {@link #snapshot()} (the poll thread, 4–25 Hz) builds an immutable
 * snapshot when something changed since the last one. Levels are numbered across the study in dispatch order;
 * a level's windows stay pending until the gate (or the level's result) decides it.
 */
public final class StudyRunLiveFeed implements StudyRunListener, LiveRunFeed {

    /** Power samples kept per device (a minute at 40 Hz); the view decimates further. */
    public static final int MAX_POWER_SAMPLES = 2400;

    private final LongSupplier nanos;
    private final List<LiveLevel> levels = new ArrayList<>();
    private final Map<Integer, Integer> levelOfCell = new HashMap<>();
    private final Map<Integer, ArrayDeque<PowerPoint>> power = new TreeMap<>();
    private final Map<Integer, Double> lastPower = new TreeMap<>();
    private final Map<Integer, Double> lastTemperature = new TreeMap<>();
    private final List<TimeSpan> windowSpans = new ArrayList<>();
    private final List<TimeSpan> warmupSpans = new ArrayList<>();
    private final List<TimeSpan> rampSpans = new ArrayList<>();
    private long version = 1;
    private LiveSnapshot built = LiveSnapshot.idle();
    private RunState state = RunState.IDLE;
    private String studyName = "";
    private String energyKind = "";
    private String energyLabel = "";
    private StudyPlan plan;
    private List<ResolvedCell> sessionCells = List.of();
    private long origin;
    private int current = -1;
    private int window;
    private WarmupState warmup = WarmupState.NOT_STARTED;
    private double inFlight = Double.NaN;
    private WindowRecord lastWindow;
    private StudyProgress eta = new StudyProgress(0);

    public StudyRunLiveFeed() {
        this(System::nanoTime);
    }

    /** @param nanos the run's monotonic clock, the one its event timestamps use */
    public StudyRunLiveFeed(LongSupplier nanos) {
        this.nanos = nanos;
    }

    // --- run lifecycle, from the controller ---

    /** A run is about to start: everything from the previous run is dropped. */
    public synchronized void starting(String name) {
        levels.clear();
        levelOfCell.clear();
        power.clear();
        lastPower.clear();
        lastTemperature.clear();
        windowSpans.clear();
        warmupSpans.clear();
        rampSpans.clear();
        plan = null;
        sessionCells = List.of();
        current = -1;
        window = 0;
        warmup = WarmupState.NOT_STARTED;
        inFlight = Double.NaN;
        lastWindow = null;
        eta = new StudyProgress(0);
        energyKind = "";
        energyLabel = "";
        studyName = name;
        origin = nanos.getAsLong();
        change(RunState.STARTING);
    }

    public synchronized void cancelling() {
        if (state.active()) {
            change(RunState.CANCELLING);
        }
    }

    /**
     * The run's task has ended: a no-op when the core already delivered {@link #studyFinished} (a normal end, or a
     * cancel the core credited and reported), else it closes the run as finished or cancelled. The controller calls
     * this, so a cancel reaches the view exactly once.
     */
    public synchronized void ended(boolean interrupted) {
        if (state.active()) {
            studyFinished(interrupted);
        }
    }

    /** The run ended with a failure (not an interrupt). */
    public synchronized void failed() {
        change(RunState.FAILED);
    }

    // --- core events ---

    @Override
    public synchronized void studyStarted(StudyPlan studyPlan) {
        plan = studyPlan;
        eta.studyStarted(studyPlan, nanos.getAsLong());
        studyName = studyPlan.study().studyName();
        levels.clear();
        levelOfCell.clear();
        for (ResolvedCell cell : studyPlan.cells()) {
            if (cell.isServer()) {
                var server = cell.experiment().server();
                levelOfCell.put(cell.index(), levels.size());
                levels.add(new LiveLevel(levels.size(), cell.rate() == null ? Double.NaN : cell.rate(),
                        server.windowsPerLevel(), server.stabilityCvThreshold()));
            }
        }
        if (!studyPlan.cells().isEmpty() && energyKind.isEmpty()) {
            String sampler = studyPlan.cells().get(0).experiment().measurement().energySampler();
            // a source that reads the running server has a known kind before any window; others wait for one
            energyKind = EnergySource.fromWire(sampler).filter(EnergySource::needsRunningServer)
                    .map(s -> s.kind().label()).orElse("");
            energyLabel = energyKind.isEmpty() ? "" : EnergyLabel.of(energyKind, sampler, "");
        }
        change(state == RunState.CANCELLING ? state : RunState.RUNNING);
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        sessionCells = List.copyOf(cells);
        changed();
    }

    @Override
    public synchronized void warmupStarted(int levelIndex, String mode) {
        current = levelFor(levelIndex);
        window = 0;
        warmup = "fixed".equals(mode) ? WarmupState.RUNNING_FIXED : WarmupState.CONVERGING;
        // The core announces the level before its warmup: what looked like the ramp so far is the warmup.
        double now = seconds(nanos.getAsLong());
        rampSpans.removeIf(r -> r.levelIndex() == current && Double.isNaN(r.endS()));
        warmupSpans.add(new TimeSpan(current, -1, now, Double.NaN));
        changed();
    }

    @Override
    public synchronized void warmupFinished(WarmupResult result) {
        boolean fixed = result.mode() == io.joulebench.core.warmup.WarmupMode.FIXED;
        warmup = result.timedOut() ? WarmupState.TIMED_OUT
                : fixed && result.elapsedSeconds() <= 0 ? WarmupState.SKIPPED
                : fixed ? WarmupState.DONE_FIXED
                : result.converged() ? WarmupState.CONVERGED : WarmupState.SKIPPED;
        double now = seconds(nanos.getAsLong());
        TimeSpan.closeOpen(warmupSpans, now);
        // The level's traffic starts now: its ramp runs until the first window opens.
        rampSpans.add(new TimeSpan(Math.max(0, current), -1, now, Double.NaN));
        changed();
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        current = levelFor(levelIndex);
        window = 0;
        eta.levelStarted();
        LiveLevel level = level(current);
        if (level != null) {
            level.windowsTotal = spec.windowsPerLevel();
            level.cvThreshold = spec.cvThreshold();
        }
        double now = seconds(nanos.getAsLong());
        TimeSpan.closeOpen(warmupSpans, now);
        TimeSpan.closeOpen(rampSpans, now);
        // Until a warmup starts this is the ramp (a level without a warmup hook goes straight to its traffic).
        rampSpans.add(new TimeSpan(current, -1, now, Double.NaN));
        changed();
    }

    @Override
    public synchronized void rampFinished(int levelIndex, long spanStartNanos) {
        double end = seconds(spanStartNanos);
        TimeSpan.closeOpen(warmupSpans, end);
        TimeSpan.closeOpen(rampSpans, end);
        changed();
    }

    @Override
    public synchronized void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        current = levelFor(levelIndex);
        window = windowIndex + 1;
        double start = seconds(spanStartNanos);
        windowSpans.add(new TimeSpan(current, windowIndex, start, Double.NaN));
        changed();
    }

    @Override
    public synchronized void windowClosed(WindowRecord record) {
        int l = levelFor(record.levelIndex());
        LiveLevel level = level(l);
        if (level != null) {
            level.windowClosed(record);
        }
        windowSpans.removeIf(s -> s.levelIndex() == l && s.windowIndex() == record.windowIndex());
        windowSpans.add(new TimeSpan(l, record.windowIndex(), seconds(record.spanStartNanos()),
                seconds(record.spanEndNanos())));
        lastWindow = record;
        changed();
    }

    @Override
    public synchronized void levelValidated(LevelOutcome outcome) {
        LiveLevel level = level(levelFor(outcome.levelIndex()));
        if (level != null) {
            level.finalWindows(outcome.windows());
            level.decide(outcome.validation().valid(), outcome.validation().reason(), outcome.validation().cv());
        }
        changed();
    }

    @Override
    public synchronized void levelAborted(AbortedLevel aborted) {
        LiveLevel level = level(levelFor(aborted.levelIndex()));
        if (level != null) {
            level.finalWindows(aborted.completedWindows());
            level.decide(false, aborted.reason(), null);
        }
        changed();
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        eta.levelFinished(nanos.getAsLong());
        Integer l = levelOfCell.get(result.cell().index());
        LiveLevel level = level(l == null ? current : l);
        if (level != null) {
            level.finalWindows(result.windows());
            Double cv = result.outcome() == null ? null : result.outcome().validation().cv();
            String reason = result.interrupted() ? "interrupted: rerun on resume" : result.invalidReason() != null
                    ? result.invalidReason() : result.outcome() == null ? null : result.outcome().validation().reason();
            level.decide(!result.interrupted() && result.valid(), reason, cv);
        }
        if (result.energy() != null) {
            energy(result.energy());
        }
        changed();
    }

    private void energy(EnergyContext e) {
        energyKind = e.kind().name().toLowerCase(Locale.ROOT);
        energyLabel = EnergyLabel.of(energyKind, e.source(),
                e.method().name().toLowerCase(Locale.ROOT).replace('_', ' '));
    }

    @Override
    public synchronized void powerSampled(List<PowerSample> samples) {
        for (PowerSample s : samples) {
            if (s.powerW() != null) {
                ArrayDeque<PowerPoint> trace = power.computeIfAbsent(s.device(), d -> new ArrayDeque<>());
                trace.addLast(new PowerPoint(seconds(s.tNanos()), s.powerW()));
                while (trace.size() > MAX_POWER_SAMPLES) {
                    trace.removeFirst();
                }
                lastPower.put(s.device(), s.powerW());
            }
            if (s.temperatureC() != null) {
                lastTemperature.put(s.device(), s.temperatureC());
            }
        }
        changed();
    }

    @Override
    public synchronized void inFlight(int requests) {
        inFlight = requests;
        changed();
    }

    @Override
    public synchronized void studyFinished(boolean interrupted) {
        double now = seconds(nanos.getAsLong());
        TimeSpan.closeOpen(windowSpans, now);
        TimeSpan.closeOpen(warmupSpans, now);
        TimeSpan.closeOpen(rampSpans, now);
        inFlight = 0;
        change(interrupted ? RunState.CANCELLED : RunState.FINISHED);
    }

    // --- the snapshot ---

    @Override
    public synchronized LiveSnapshot snapshot() {
        if (built.version() == version) {
            return built;
        }
        List<WindowPoint> points = new ArrayList<>();
        List<LevelRow> rows = new ArrayList<>();
        int closed = 0;
        int total = 0;
        for (LiveLevel level : levels) {
            level.points(points);
            rows.add(level.row());
            closed += level.windows.size();
            total += level.windowsTotal;
        }
        List<GpuTrace> traces = new ArrayList<>();
        power.forEach((device, trace) -> traces.add(new GpuTrace(device, "GPU " + device, List.copyOf(trace))));
        double now = seconds(nanos.getAsLong());
        built = new LiveSnapshot(version, state, studyName, energyKind, energyLabel, points, traces,
                TimeSpan.upTo(windowSpans, now), TimeSpan.upTo(warmupSpans, now), TimeSpan.upTo(rampSpans, now), kpis(),
                progress(closed, total), rows);
        return built;
    }

    private Kpis kpis() {
        double watts = lastPower.isEmpty() ? Double.NaN
                : lastPower.values().stream().mapToDouble(Double::doubleValue).sum();
        double temperature = lastTemperature.isEmpty() ? Double.NaN
                : lastTemperature.values().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        double jPerToken = Double.NaN;
        double tokensPerS = Double.NaN;
        double lateness = Double.NaN;
        if (lastWindow != null) {
            jPerToken = lastWindow.jPerToken() == null ? Double.NaN : lastWindow.jPerToken();
            double span = (lastWindow.spanEndNanos() - lastWindow.spanStartNanos()) / 1e9;
            tokensPerS = span > 0 ? lastWindow.tokens() / span : Double.NaN;
            if (lastWindow.metrics() != null && lastWindow.metrics().dispatchLateness() != null
                    && lastWindow.metrics().dispatchLateness().p99Ms() != null) {
                lateness = lastWindow.metrics().dispatchLateness().p99Ms();
            }
        }
        return new Kpis(watts, jPerToken, tokensPerS, inFlight, lateness, temperature);
    }

    private RunProgress progress(int closed, int total) {
        if (levels.isEmpty()) {
            return RunProgress.NONE;
        }
        LiveLevel level = level(Math.max(0, current));
        double fraction = state == RunState.FINISHED ? 1 : total == 0 ? 0 : (double) closed / total;
        Duration left = null;
        if (state.active() && eta.started()) {
            left = Duration.ofMillis(Math.round(eta.etaSeconds(nanos.getAsLong()) * 1000));
        } else if (state == RunState.FINISHED) {
            left = Duration.ZERO;
        }
        return new RunProgress(Math.max(0, current) + 1, levels.size(), level.rate, window, level.windowsTotal,
                warmup, left, fraction);
    }

    // --- helpers ---

    /**
     * The row of the live table for an event's level index (the plan's level of one of this session's cells,
     * {@link StudyPlan#cellAtLevel}), else the current row.
     */
    private int levelFor(int levelIndex) {
        ResolvedCell cell = plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex);
        Integer l = cell == null ? null : levelOfCell.get(cell.index());
        if (l != null) {
            return l;
        }
        return current >= 0 ? current : Math.max(0, levelIndex);
    }

    private LiveLevel level(Integer index) {
        return index != null && index >= 0 && index < levels.size() ? levels.get(index) : null;
    }

    private double seconds(long atNanos) {
        return (atNanos - origin) / 1e9;
    }

    private void change(RunState next) {
        state = next;
        changed();
    }

    private void changed() {
        version++;
    }
}
