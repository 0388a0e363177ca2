package io.joulebench.app.run;

import io.joulebench.app.live.Kpis;
import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.ReplayRateModel;
import io.joulebench.app.live.RunProgress;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.WarmupState;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.run.StudyProgress;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Turns the core's study-run events into the live view's {@link LiveSnapshot}. Events arrive on the runner's
 * threads and only update state under a lock; {@link #snapshot()} (the poll thread, 4–25 Hz) builds an immutable
 * snapshot when something changed since the last one. The feed owns the run's lifecycle (its {@link RunState}) and
 * the snapshot; the rows are a {@link LevelTracker}'s, the power traces a {@link PowerBuffer}'s, the phases a
 * {@link RunTimeline}'s, the energy label an {@link EnergyProvenance}'s and the ETA core's {@link StudyProgress}.
 * A level's windows stay pending until the gate (or the level's result) decides it.
 */
public final class StudyRunLiveFeed implements StudyRunListener, LiveRunFeed {

    /** Power samples kept per device (a minute at 40 Hz); the view decimates further. */
    public static final int MAX_POWER_SAMPLES = 2400;

    private final LongSupplier nanos;
    private final LevelTracker levels = new LevelTracker();
    private final PowerBuffer power = new PowerBuffer(MAX_POWER_SAMPLES);
    private final RunTimeline timeline = new RunTimeline();
    private final EnergyProvenance energy = new EnergyProvenance();
    private long version = 1;
    private LiveSnapshot built = LiveSnapshot.idle();
    private RunState state = RunState.IDLE;
    private String studyName = "";
    private long origin;
    private WarmupState warmup = WarmupState.NOT_STARTED;
    private double inFlight = Double.NaN;
    private WindowRecord lastWindow;
    private StudyProgress eta = new StudyProgress(0);
    private List<ManifestEntry> credited = List.of();
    private List<WindowRow> creditedRows = List.of();
    /** Power samples after this (the run's clock) belong to no level: the teardown after the last, or a cancel's. */
    private long measuredUntil = Long.MAX_VALUE;
    private SearchProgress search;
    /** Reads a replay's slice for its schedule, off the runner's event thread. */
    private static final java.util.concurrent.Executor SLICE_READER = java.util.concurrent.Executors
            .newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "joulebench-replay-slice");
                t.setDaemon(true);
                return t;
            });
    private final ReplayRates replay;
    private StudyPlan plan;
    private List<ResolvedCell> sessionCells = List.of();
    private java.nio.file.Path studyDir;
    private ReplayRateModel replayModel = ReplayRateModel.EMPTY;
    private long replayVersion = -1;
    private double levelRampSeconds;

    public StudyRunLiveFeed() {
        this(System::nanoTime);
    }

    /** @param nanos the run's monotonic clock, the one its event timestamps use */
    public StudyRunLiveFeed(LongSupplier nanos) {
        this(nanos, SLICE_READER);
    }

    /** @param sliceReader reads a trace replay's slice for the live schedule (tests: a direct executor) */
    public StudyRunLiveFeed(LongSupplier nanos, java.util.concurrent.Executor sliceReader) {
        this.nanos = nanos;
        this.replay = new ReplayRates(sliceReader);
    }

    // --- run lifecycle, from the controller ---

    /** A run is about to start: everything from the previous run is dropped. */
    public synchronized void starting(String name) {
        levels.clear();
        power.clear();
        timeline.clear();
        energy.clear();
        warmup = WarmupState.NOT_STARTED;
        inFlight = Double.NaN;
        lastWindow = null;
        eta = new StudyProgress(0);
        credited = List.of();
        creditedRows = List.of();
        measuredUntil = Long.MAX_VALUE;
        search = null;
        replay.clear();
        plan = null;
        sessionCells = List.of();
        studyName = name;
        origin = nanos.getAsLong();
        change(RunState.STARTING);
    }

    /**
     * The run about to start is a resume of a folder whose manifest lists these cells: the credited ones are shown
     * done, not pending, and neither the ETA nor the progress bar counts them as work left. Call after
     * {@link #starting} and before the core's {@link #studyStarted}.
     */
    public synchronized void resuming(List<ManifestEntry> entries) {
        resuming(entries, List.of());
    }

    /**
     * As {@link #resuming(List)}, with the folder's windows.csv rows: a credited level shows its CV, TTFT and Req/s
     * and its windows in the chart from them, as the results would.
     */
    public synchronized void resuming(List<ManifestEntry> entries, List<WindowRow> rows) {
        credited = entries.stream().filter(ManifestEntry::credited).toList();
        creditedRows = List.copyOf(rows);
        changed();
    }

    public synchronized void cancelling() {
        if (state.active()) {
            measuredUntil = Math.min(measuredUntil, nanos.getAsLong());
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
        eta = new StudyProgress(credited.size());
        eta.studyStarted(studyPlan, nanos.getAsLong());
        studyName = studyPlan.study().studyName();
        plan = studyPlan;
        studyDir = studyPlan.study().studyDir();
        levels.planned(studyPlan);
        levels.credited(credited, creditedRows);
        if (!studyPlan.cells().isEmpty()) {
            energy.planned(studyPlan.cells().get(0).experiment().measurement().energySampler());
        }
        change(state == RunState.CANCELLING ? state : RunState.RUNNING);
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        levels.session(cells);
        sessionCells = List.copyOf(cells);
        changed();
    }

    @Override
    public synchronized void warmupStarted(int levelIndex, io.joulebench.core.warmup.WarmupMode mode) {
        int row = levels.enter(levelIndex);
        warmup = mode == io.joulebench.core.warmup.WarmupMode.FIXED ? WarmupState.RUNNING_FIXED : WarmupState.CONVERGING;
        timeline.warmupStarted(row, now());
        changed();
    }

    @Override
    public synchronized void warmupFinished(WarmupResult result) {
        boolean fixed = result.mode() == io.joulebench.core.warmup.WarmupMode.FIXED;
        warmup = result.timedOut() ? WarmupState.TIMED_OUT
                : fixed && result.elapsedSeconds() <= 0 ? WarmupState.SKIPPED
                : fixed ? WarmupState.DONE_FIXED
                : result.converged() ? WarmupState.CONVERGED : WarmupState.SKIPPED;
        timeline.warmupFinished(Math.max(0, levels.current()), now());
        replay.trafficStarted(now());
        changed();
    }

    @Override
    public synchronized void windowLengthChosen(int levelIndex, io.joulebench.core.warmup.WindowChoice choice) {
        levels.windowLengthChosen(levelIndex, choice);
        changed();
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        int row = levels.levelStarted(levelIndex, spec);
        replay.levelStarted(plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex), studyDir, now());
        levelRampSeconds = spec.rampExclusionSeconds();
        eta.levelStarted();
        timeline.levelStarted(row, now());
        changed();
    }

    @Override
    public synchronized void rampFinished(int levelIndex, long spanStartNanos) {
        timeline.rampFinished(seconds(spanStartNanos));
        // the traffic (and the trace's schedule) began one ramp before the first window: after the slice was read
        // and the first prompts built, so later than the warmup's end
        replay.trafficStarted(seconds(spanStartNanos) - levelRampSeconds);
        changed();
    }

    @Override
    public synchronized void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        int row = levels.windowOpened(levelIndex, windowIndex);
        timeline.windowOpened(row, windowIndex, seconds(spanStartNanos));
        changed();
    }

    @Override
    public synchronized void windowClosed(WindowRecord record) {
        int row = levels.windowClosed(record);
        timeline.windowClosed(row, record.windowIndex(), seconds(record.spanStartNanos()),
                seconds(record.spanEndNanos()));
        lastWindow = record;
        // the record at the close counts finished requests only; the ones still running were issued too
        replay.windowClosed(seconds(record.spanStartNanos()), seconds(record.spanEndNanos()),
                record.metrics() == null ? 0 : record.metrics().inWindowCount(),
                Double.isNaN(inFlight) ? 0 : (long) inFlight);
        changed();
    }

    @Override
    public synchronized void levelValidated(LevelOutcome outcome) {
        levels.validated(outcome);
        replay.levelCounted(outcome.windows().stream()
                .mapToLong(w -> w.metrics() == null ? 0 : w.metrics().inWindowCount()).toArray());
        changed();
    }

    @Override
    public synchronized void levelAborted(AbortedLevel aborted) {
        levels.aborted(aborted);
        changed();
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        eta.levelFinished(nanos.getAsLong());
        levels.result(result);
        if (levels.allDecided()) {
            measuredUntil = Math.min(measuredUntil, nanos.getAsLong());
        }
        if (result.energy() != null) {
            energy.measured(result.energy());
        }
        changed();
    }

    @Override
    public synchronized void powerSampled(List<PowerSample> samples) {
        // The session's feed hands over its last batch as it tears the server down, after the last level's result
        // (or after a cancel): those samples are no level's and would be drawn past the run's end.
        power.add(samples.stream().filter(s -> s.tNanos() <= measuredUntil).toList(), this::seconds);
        changed();
    }

    @Override
    public synchronized void inFlight(int requests) {
        inFlight = requests;
        changed();
    }

    @Override
    public synchronized void capacitySearchUpdated(SearchProgress progress) {
        search = progress;
        if (eta.started()) {
            eta.searchUpdated(progress.path().size(), progress.finished(), nanos.getAsLong());
        }
        changed();
    }

    @Override
    public synchronized void studyFinished(boolean interrupted) {
        measuredUntil = Math.min(measuredUntil, nanos.getAsLong());
        timeline.closeAll(now());
        inFlight = 0;
        change(interrupted ? RunState.CANCELLED : RunState.FINISHED);
    }

    // --- the snapshot ---

    /** The replay's rates, rebuilt when something changed since the last call (a slice read counts on a later one). */
    @Override
    public synchronized ReplayRateModel replayRates() {
        if (replayVersion != version || !replayModel.present()) {
            replayModel = replay.model();
            replayVersion = version;
        }
        return replayModel;
    }

    @Override
    public synchronized LiveSnapshot snapshot() {
        if (built.version() == version) {
            return built;
        }
        double now = now();
        built = new LiveSnapshot(version, state, studyName, energy.kind(), energy.label(), levels.points(),
                power.traces(), timeline.windows(now), timeline.warmups(now), timeline.ramps(now), kpis(),
                progress(), levels.rows(), List.of(), search);
        return built;
    }

    private Kpis kpis() {
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
        return new Kpis(power.watts(), jPerToken, tokensPerS, inFlight, lateness, power.hottestC());
    }

    private RunProgress progress() {
        if (levels.count() == 0) {
            return RunProgress.NONE;
        }
        LiveLevel level = levels.currentLevel();
        int total = levels.windowsPlanned();
        double fraction = state == RunState.FINISHED ? 1 : total == 0 ? 0 : (double) levels.windowsDone() / total;
        Duration left = null;
        if (state.active() && eta.started()) {
            left = Duration.ofMillis(Math.round(eta.etaSeconds(nanos.getAsLong()) * 1000));
        } else if (state == RunState.FINISHED) {
            left = Duration.ZERO;
        }
        return new RunProgress(Math.max(0, levels.current()) + 1, levels.count(), level.rate, levels.window(),
                level.windowsTotal, warmup, left, fraction, level.sessions);
    }

    // --- helpers ---

    private double now() {
        return seconds(nanos.getAsLong());
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
