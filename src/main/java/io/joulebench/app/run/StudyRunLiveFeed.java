package io.joulebench.app.run;

import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.ReplayRateModel;
import io.joulebench.app.live.RunState;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.WindowRow;
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
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The workbench's own run as the live view sees it: a thin adapter that hands the core's study-run events (on the
 * runner's threads) to the one {@link LiveModel} it shares with a followed run, under a lock; {@link #snapshot()}
 * (the poll thread, 4–25 Hz) is the model's, built when something changed since the last one. What only an own run
 * knows stays here: the run's lifecycle from the controller, its monotonic clock, the phases on it, the trace
 * replay's schedule and which power samples belong to no level. A level's windows stay pending until the gate (or
 * the level's result) decides it.
 */
public final class StudyRunLiveFeed implements StudyRunListener, LiveRunFeed {

    /** Power samples kept per device (a minute at 40 Hz); the view decimates further. */
    public static final int MAX_POWER_SAMPLES = 2400;

    private final LongSupplier nanos;
    private final LiveModel model;
    private final LevelTracker levels;
    private final RunTimeline timeline;
    private long origin;
    private List<ManifestEntry> credited = List.of();
    private List<WindowRow> creditedRows = List.of();
    /** Power samples after this (the run's clock) belong to no level: the teardown after the last, or a cancel's. */
    private long measuredUntil = Long.MAX_VALUE;
    /** Requests in flight at the last report (a window's close counts them as issued too). */
    private double inFlight = Double.NaN;
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
        this.model = new LiveModel(RunState.IDLE, "", MAX_POWER_SAMPLES, nanos);
        this.levels = model.levels;
        this.timeline = model.timeline;
    }

    // --- run lifecycle, from the controller ---

    /** A run is about to start: everything from the previous run is dropped. */
    public synchronized void starting(String name) {
        model.clear(name);
        inFlight = Double.NaN;
        credited = List.of();
        creditedRows = List.of();
        measuredUntil = Long.MAX_VALUE;
        replay.clear();
        plan = null;
        sessionCells = List.of();
        origin = nanos.getAsLong();
        model.state(RunState.STARTING);
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
        model.changed();
    }

    public synchronized void cancelling() {
        if (model.state().active()) {
            measuredUntil = Math.min(measuredUntil, nanos.getAsLong());
            model.state(RunState.CANCELLING);
        }
    }

    /**
     * The run's task has ended: a no-op when the core already delivered {@link #studyFinished} (a normal end, or a
     * cancel the core credited and reported), else it closes the run as finished or cancelled. The controller calls
     * this, so a cancel reaches the view exactly once.
     */
    public synchronized void ended(boolean interrupted) {
        if (model.state().active()) {
            studyFinished(interrupted);
        }
    }

    /** The run ended with a failure (not an interrupt). */
    public synchronized void failed() {
        model.state(RunState.FAILED);
    }

    // --- core events ---

    @Override
    public synchronized void studyStarted(StudyPlan studyPlan) {
        plan = studyPlan;
        studyDir = studyPlan.study().studyDir();
        model.planned(studyPlan);
        levels.credited(credited, creditedRows);
        model.studyStarted(studyPlan, credited.size(), nanos.getAsLong());
        model.state(model.state() == RunState.CANCELLING ? RunState.CANCELLING : RunState.RUNNING);
    }

    @Override
    public synchronized void sessionStarted(String sessionId, List<ResolvedCell> cells) {
        levels.session(cells);
        sessionCells = List.copyOf(cells);
        model.changed();
    }

    @Override
    public synchronized void warmupStarted(int levelIndex, WarmupMode mode) {
        int row = levels.enter(levelIndex);
        timeline.warmupStarted(row, now());
        model.warmupStarted(mode);
    }

    @Override
    public synchronized void warmupFinished(WarmupResult result) {
        timeline.warmupFinished(Math.max(0, levels.current()), now());
        replay.trafficStarted(now());
        model.warmupFinished(result.mode(), result.converged(), result.timedOut(), result.elapsedSeconds());
    }

    @Override
    public synchronized void windowLengthChosen(int levelIndex, io.joulebench.core.warmup.WindowChoice choice) {
        levels.windowLengthChosen(levelIndex, choice);
        model.changed();
    }

    @Override
    public synchronized void levelStarted(int levelIndex, WindowSpec spec) {
        int row = levels.levelStarted(levelIndex, spec);
        replay.levelStarted(plan == null ? null : plan.cellAtLevel(sessionCells, levelIndex), studyDir, now());
        levelRampSeconds = spec.rampExclusionSeconds();
        if (model.eta() != null) {
            model.eta().levelStarted();
        }
        timeline.levelStarted(row, now());
        model.changed();
    }

    @Override
    public synchronized void rampFinished(int levelIndex, long spanStartNanos) {
        timeline.rampFinished(seconds(spanStartNanos));
        // the traffic (and the trace's schedule) began one ramp before the first window: after the slice was read
        // and the first prompts built, so later than the warmup's end
        replay.trafficStarted(seconds(spanStartNanos) - levelRampSeconds);
        model.changed();
    }

    @Override
    public synchronized void windowOpened(int levelIndex, int windowIndex, long spanStartNanos) {
        int row = levels.windowOpened(levelIndex, windowIndex);
        timeline.windowOpened(row, windowIndex, seconds(spanStartNanos));
        model.changed();
    }

    @Override
    public synchronized void windowClosed(WindowRecord record) {
        if (model.eta() != null) {
            model.eta().windowClosed();
        }
        int row = levels.windowClosed(record);
        timeline.windowClosed(row, record.windowIndex(), seconds(record.spanStartNanos()),
                seconds(record.spanEndNanos()));
        double span = (record.spanEndNanos() - record.spanStartNanos()) / 1e9;
        var lateness = record.metrics() == null ? null : record.metrics().dispatchLateness();
        model.lastWindow(record.jPerToken() == null ? Double.NaN : record.jPerToken(),
                span > 0 ? record.tokens() / span : Double.NaN,
                lateness == null || lateness.p99Ms() == null ? Double.NaN : lateness.p99Ms());
        // the record at the close counts finished requests only; the ones still running were issued too
        replay.windowClosed(seconds(record.spanStartNanos()), seconds(record.spanEndNanos()),
                record.metrics() == null ? 0 : record.metrics().inWindowCount(),
                Double.isNaN(inFlight) ? 0 : (long) inFlight);
    }

    @Override
    public synchronized void levelValidated(LevelOutcome outcome) {
        levels.validated(outcome);
        replay.levelCounted(outcome.windows().stream()
                .mapToLong(w -> w.metrics() == null ? 0 : w.metrics().inWindowCount()).toArray());
        model.changed();
    }

    @Override
    public synchronized void levelAborted(AbortedLevel aborted) {
        levels.aborted(aborted);
        model.changed();
    }

    @Override
    public synchronized void levelResult(LevelResult result) {
        if (model.eta() != null) {
            model.eta().levelFinished(nanos.getAsLong());
        }
        levels.result(result);
        if (levels.allDecided()) {
            measuredUntil = Math.min(measuredUntil, nanos.getAsLong());
        }
        if (result.energy() != null) {
            model.energy.measured(result.energy());
        }
        model.changed();
    }

    @Override
    public synchronized void powerSampled(List<PowerSample> samples) {
        // The session's feed hands over its last batch as it tears the server down, after the last level's result
        // (or after a cancel): those samples are no level's and would be drawn past the run's end.
        model.power.add(samples.stream().filter(s -> s.tNanos() <= measuredUntil).toList(), this::seconds);
        model.changed();
    }

    @Override
    public synchronized void inFlight(int requests) {
        inFlight = requests;
        model.inFlight(requests);
    }

    @Override
    public synchronized void capacitySearchUpdated(SearchProgress progress) {
        if (model.eta() != null && model.eta().started()) {
            model.eta().searchUpdated(progress.path().size(), progress.finished(), nanos.getAsLong());
        }
        model.search(progress);
    }

    @Override
    public synchronized void studyFinished(boolean interrupted) {
        measuredUntil = Math.min(measuredUntil, nanos.getAsLong());
        timeline.closeAll(now());
        inFlight = 0;
        model.inFlight(0);
        model.state(interrupted ? RunState.CANCELLED : RunState.FINISHED);
    }

    // --- the snapshot ---

    /** The replay's rates, rebuilt when something changed since the last call (a slice read counts on a later one). */
    @Override
    public synchronized ReplayRateModel replayRates() {
        if (replayVersion != model.version() || !replayModel.present()) {
            replayModel = replay.model();
            replayVersion = model.version();
        }
        return replayModel;
    }

    @Override
    public synchronized LiveSnapshot snapshot() {
        return model.snapshot(now());
    }

    // --- helpers ---

    private double now() {
        return seconds(nanos.getAsLong());
    }

    private double seconds(long atNanos) {
        return (atNanos - origin) / 1e9;
    }
}
