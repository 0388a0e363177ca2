package io.joulebench.app.run;

import io.joulebench.app.live.JobRow;
import io.joulebench.app.live.Kpis;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunProgress;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.WarmupState;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.run.StudyProgress;
import io.joulebench.core.study.DisplayNumber;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.warmup.WarmupMode;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The one live model of a run, whether this workbench runs it ({@link StudyRunLiveFeed}, from the runner's listener
 * calls) or follows it from its folder ({@link FollowedRunFeed}, from the typed events it appended): the level rows
 * ({@link LevelTracker}), power ({@link PowerBuffer}), phases ({@link RunTimeline}), energy label
 * ({@link EnergyProvenance}), warmup state, key figures, progress and the core's ETA ({@link StudyProgress}), and the
 * {@link LiveSnapshot} built from them when something changed. Both feeds are thin adapters that call these methods;
 * not thread-safe: they call it under their own lock.
 */
final class LiveModel {

    final LevelTracker levels = new LevelTracker();
    final PowerBuffer power;
    final RunTimeline timeline = new RunTimeline();
    final EnergyProvenance energy = new EnergyProvenance();
    /** Now on the clock the ETA's times are on (the run's monotonic clock, or the events' wall clock). */
    private final LongSupplier etaClock;
    private long version = 1;
    private LiveSnapshot built;
    private RunState state;
    private String studyName;
    private WarmupState warmup = WarmupState.NOT_STARTED;
    private double inFlight = Double.NaN;
    private double jPerToken = Double.NaN;
    private double tokensPerS = Double.NaN;
    private double latenessP99Ms = Double.NaN;
    private StudyProgress eta;
    private SearchProgress search;
    private List<JobRow> jobs = List.of();
    /** The plan's cells (server or not): the N of "level i of N" before the study started; 0 before a plan. */
    private int planCells;

    /** @param powerCapacity samples kept per power trace */
    LiveModel(RunState initial, String studyName, int powerCapacity, LongSupplier etaClock) {
        this.state = initial;
        this.studyName = studyName;
        this.power = new PowerBuffer(powerCapacity);
        this.etaClock = etaClock;
    }

    /** Everything from a previous run is dropped; the version keeps rising. */
    void clear(String name) {
        levels.clear();
        power.clear();
        timeline.clear();
        energy.clear();
        warmup = WarmupState.NOT_STARTED;
        inFlight = Double.NaN;
        jPerToken = Double.NaN;
        tokensPerS = Double.NaN;
        latenessP99Ms = Double.NaN;
        eta = null;
        search = null;
        jobs = List.of();
        planCells = 0;
        studyName = name;
        changed();
    }

    // --- what happened ---

    void state(RunState next) {
        state = next;
        changed();
    }

    RunState state() {
        return state;
    }

    /** The run's plan: one pending row per server level, and the energy the first level's sampler will measure. */
    void planned(StudyPlan plan) {
        studyName = plan.study().studyName();
        levels.planned(plan);
        planCells = plan.cells().size();
        if (!plan.cells().isEmpty()) {
            energy.planned(plan.cells().get(0).experiment().measurement().energySampler());
        }
        changed();
    }

    /** A session of the study starts (a resume starts another): the ETA counts {@code credited} levels as done. */
    void studyStarted(StudyPlan plan, int credited, long nowNanos) {
        eta = new StudyProgress(credited);
        eta.studyStarted(plan, nowNanos);
        changed();
    }

    /** The core's ETA of the session under way; null before one started. */
    StudyProgress eta() {
        return eta;
    }

    void warmupStarted(WarmupMode mode) {
        warmup = WarmupState.started(mode);
        changed();
    }

    void warmupFinished(WarmupMode mode, boolean converged, boolean timedOut, double elapsedS) {
        warmup = WarmupState.finished(mode, converged, timedOut, elapsedS);
        changed();
    }

    /** The key figures of the window that closed last; {@code latenessP99Ms} NaN where unknown. */
    void lastWindow(double jPerTokenNow, double tokensPerSNow, double latenessP99MsNow) {
        jPerToken = jPerTokenNow;
        tokensPerS = tokensPerSNow;
        latenessP99Ms = latenessP99MsNow;
        changed();
    }

    void inFlight(double requests) {
        inFlight = requests;
        changed();
    }

    void search(SearchProgress progress) {
        search = progress;
        changed();
    }

    void jobs(List<JobRow> rows) {
        jobs = List.copyOf(rows);
        changed();
    }

    /** Something the snapshot shows changed. */
    void changed() {
        version++;
    }

    long version() {
        return version;
    }

    // --- the snapshot ---

    /** @param nowS now on the timeline's clock (seconds since the run started): open spans end here */
    LiveSnapshot snapshot(double nowS) {
        if (built != null && built.version() == version) {
            return built;
        }
        Kpis kpis = new Kpis(power.watts(), jPerToken, tokensPerS, inFlight, latenessP99Ms, power.hottestC());
        built = new LiveSnapshot(version, state, studyName, energy.kind(), energy.label(), levels.points(),
                power.traces(), timeline.windows(nowS), timeline.warmups(nowS), timeline.ramps(nowS), kpis,
                progress(), levels.rows(), jobs, search);
        return built;
    }

    /**
     * Level i of N is core's ({@link StudyProgress}, the CLI's progress lines say the same); before the study started
     * it is level 1 of the plan's cells. The rate and window are the current row's of the level table.
     */
    private RunProgress progress() {
        boolean counting = eta != null && eta.started();
        int count = counting ? eta.totalLevels() : planCells;
        if (count == 0) {
            return RunProgress.NONE;
        }
        int level = counting ? eta.currentLevel() : DisplayNumber.of(0);
        LiveLevel row = levels.currentLevel();
        int total = levels.windowsPlanned();
        double fraction = state == RunState.FINISHED ? 1 : total == 0 ? 0 : (double) levels.windowsDone() / total;
        Duration left = null;
        if (state == RunState.FINISHED) {
            left = Duration.ZERO;
        } else if (state.active() && counting) {
            left = Duration.ofMillis(Math.round(eta.etaSeconds(etaClock.getAsLong()) * 1000));
        }
        return new RunProgress(level, count, row == null ? Double.NaN : row.rate, row == null ? 0 : levels.window(),
                row == null ? 0 : row.windowsTotal, warmup, left, fraction, row != null && row.ratesSessions,
                row == null ? -1 : Math.max(0, levels.current()));
    }
}
