package io.joulebench.app.run;

import io.joulebench.app.live.GpuTrace;
import io.joulebench.app.live.JobRow;
import io.joulebench.app.live.Kpis;
import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.PowerPoint;
import io.joulebench.app.live.RunProgress;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WarmupState;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.FollowedEvents;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.window.SessionCounts;
import io.joulebench.core.run.StudyProgress;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The live view's snapshot of a run followed from its results folder, built from the events it appended
 * ({@link EventLog}'s fields: each level's cell key, each window's energy per token, each level's verdict and
 * figures, power at a low rate) and, for a cluster run, the job events and every job folder's own events. The same
 * {@link LiveSnapshot} as a run of this workbench: window chart, tiles, level table, power trace, progress, and the
 * job table. Events are handed in by a {@link FolderFollower} (its thread); {@link #snapshot()} is polled by the
 * view. Times are the events' own ({@code t}), so a folder read from its start replays its history. The ETA is the
 * core's {@link StudyProgress} on those times; for a cluster run, whose groups run side by side, core's cluster ETA
 * (the longest group left) on the jobs' states and their levels' results.
 */
public final class FollowedRunFeed implements LiveRunFeed {

    /** Power readings kept per trace (an hour at the events' one a second). */
    static final int MAX_POWER_POINTS = 3600;

    private final LongSupplier wallNanos;
    private final List<Level> levels = new ArrayList<>();
    private final Map<String, Integer> rowOfCell = new HashMap<>();
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    private final Map<String, ArrayDeque<PowerPoint>> power = new TreeMap<>();
    private final Map<String, Double> lastPower = new HashMap<>();
    private final EnergyProvenance energy = new EnergyProvenance();
    private String studyName = "";
    private StudyPlan plan;
    private final FollowedSearch search = new FollowedSearch();
    private StudyProgress eta;
    private RunState state = RunState.STARTING;
    private Instant origin;
    private int current = -1;
    private int window;
    private WarmupState warmup = WarmupState.NOT_STARTED;
    private double lastJPerToken = Double.NaN;
    private double lastTokensPerS = Double.NaN;
    /** A level of the session being read was interrupted (how a file older than the typed events says a cancel). */
    private boolean levelInterrupted;
    private long version = 1;
    private LiveSnapshot built;

    /** @param wallNanos now, as nanoseconds of the epoch (the events' clock) */
    public FollowedRunFeed(String studyName, LongSupplier wallNanos) {
        this.studyName = studyName;
        this.wallNanos = wallNanos;
    }

    /** One level of the plan (a server cell), as the followed events tell it. */
    private static final class Level {
        final int index;
        int windowsTotal;
        final double cvThreshold;
        /** NaN for a capacity-search level until it starts at the rate its search found. */
        double rate;
        final TreeMap<Integer, Double> windows = new TreeMap<>();
        Validity verdict = Validity.PENDING;
        String reason = "";
        double cv = Double.NaN;
        double ttftP99Ms = Double.NaN;
        double reqS = Double.NaN;
        /** A trace level's fidelity summary, from its level_result's typed sums; empty otherwise. */
        String fidelity = "";
        /** A session level's sessions by window as the windows closed; empty for a level without sessions. */
        final TreeMap<Integer, SessionCounts> sessionsByWindow = new TreeMap<>();
        /** A session level's final sessions, from its level_sessions event; null until then. */
        SessionCounts sessions;
        /** The rate counts sessions per second (a {@code task.sessions} level). */
        boolean ratesSessions;

        Level(int index, double rate, int windowsTotal, double cvThreshold) {
            this.index = index;
            this.rate = rate;
            this.windowsTotal = windowsTotal;
            this.cvThreshold = cvThreshold;
        }

        LevelRow row() {
            return new LevelRow(index, rate, windows.size(), windowsTotal, cv, cvThreshold, verdict, reason,
                    ttftP99Ms, reqS, "", fidelity, "", sessions != null ? sessions : sessionsByWindow.values().stream()
                    .reduce(SessionCounts::plus).orElse(null));
        }
    }

    /** One batch job, from its record and its events. */
    private static final class Job {
        final String id;
        int group = -1;
        int cells = -1;
        String state = "";
        String node;
        String reason;
        boolean merged;
        int credited = -1;
        int levelsDone;

        Job(String id) {
            this.id = id;
        }

        JobRow row() {
            // the scheduler's own list of states a job has not ended in
            boolean active = state.isEmpty() || new io.joulebench.core.executor.slurm.JobStatus(state, null, null, 0,
                    null).active();
            // merged while still running by the last event: the coordinator took it in on a cancel, which reports
            // no state of its own (Ctrl-C on it, or a cancel from here)
            String shown = merged && active ? "CANCELLED" : state;
            boolean done = shown.equals("COMPLETED");
            boolean failed = !done && (merged || !active);
            String text = shown.isEmpty() ? "submitted"
                    : done ? "done"
                    : shown.equals("RUNNING") && node != null && !node.isBlank() ? "RUNNING on " + node
                    : failed && reason != null && !reason.isBlank() ? shown + ": " + reason
                    : shown;
            int credit = credited >= 0 ? credited : levelsDone;
            return new JobRow(id, group, text, failed, cells >= 0 ? credit + "/" + cells : String.valueOf(credit));
        }
    }

    // --- what the follower found in the folder ---

    /**
     * The run's plan (from the folder's study) and its manifest: one pending row per server level, the credited
     * ones done with the manifest's verdict.
     */
    public synchronized void planned(StudyPlan studyPlan, List<ManifestEntry> entries) {
        plan = studyPlan;
        studyName = studyPlan.study().studyName();
        levels.clear();
        rowOfCell.clear();
        for (ResolvedCell cell : studyPlan.cells()) {
            if (cell.isServer()) {
                var server = cell.experiment().server();
                rowOfCell.put(ManifestEntry.key(cell.configHash(), cell.cycle()), levels.size());
                Level level = new Level(levels.size(), cell.rate() == null ? Double.NaN : cell.rate(),
                        server.windowsPerLevel(), server.stabilityCvThreshold());
                level.ratesSessions = cell.ratesSessions();
                levels.add(level);
            }
        }
        for (ManifestEntry e : entries) {
            Integer row = rowOfCell.get(e.key());
            if (row != null && e.credited()) {
                Level l = levels.get(row);
                boolean valid = e.status() == CellStatus.COMPLETED && (e.summary() == null || e.summary().valid());
                l.verdict = valid ? Validity.VALID : Validity.INVALID;
                l.reason = valid || e.reason() == null ? "" : e.reason();
                int n = e.summary() != null ? e.summary().windows() : e.windowIds().size();
                for (int w = 0; w < n; w++) {
                    l.windows.putIfAbsent(w, Double.NaN);
                }
            }
        }
        if (!studyPlan.cells().isEmpty()) {
            energy.planned(studyPlan.cells().get(0).experiment().measurement().energySampler());
        }
        changed();
    }

    /** The cluster run's job records (job.json): id, group, cells, merged. */
    public synchronized void jobsRecorded(List<JobRecord> records) {
        for (JobRecord r : records) {
            if (r.jobId() == null) {
                continue;
            }
            Job j = jobs.computeIfAbsent(r.jobId(), Job::new);
            j.group = r.groupIndex();
            j.cells = r.cells().size();
            if (r.merged() && !j.merged) {
                j.merged = true;
                changed();
            }
        }
        changed();
    }

    /** The run's own events, in order. */
    public synchronized void runEvents(List<RecordedEvent> events) {
        for (RecordedEvent r : events) {
            apply(r, null);
        }
    }

    /** Events from a job's own folder ({@code cluster/jobs/…/results/events.jsonl}). */
    public synchronized void jobEvents(String jobId, List<RecordedEvent> events) {
        for (RecordedEvent r : events) {
            apply(r, jobId);
        }
    }

    /** A cancel was asked for: the view says so until the run's last event arrives. */
    public synchronized void cancelling() {
        if (state.active()) {
            state = RunState.CANCELLING;
            changed();
        }
    }

    /** The folder could not be followed (its study unreadable, the folder gone). */
    public synchronized void failed() {
        state = RunState.FAILED;
        changed();
    }

    /** Nothing runs the folder any more and it has no last event (a killed run): the view stops as cancelled. */
    public synchronized void gone() {
        if (state.active()) {
            state = RunState.CANCELLED;
            lastPower.clear();
            changed();
        }
    }

    /** Whether the last event read ended the run ({@code study_finished}; a resume may still follow it). */
    public synchronized boolean ended() {
        return !state.active();
    }

    // --- events ---

    private void apply(RecordedEvent r, String jobSource) {
        Instant t = r.t();
        if (t != null && origin == null) {
            origin = t;
        }
        switch (r.event()) {
            case RunEvent.Job e -> {
                job(e);
                clusterEta(e, t);
            }
            case RunEvent.StudyStarted e -> {
                if (jobSource == null) {
                    if (plan != null) {
                        int done = (int) levels.stream().filter(l -> l.verdict != Validity.PENDING).count();
                        eta = new StudyProgress(done);
                        eta.studyStarted(plan, nanos(t));
                    }
                    levelInterrupted = false;
                    if (state != RunState.CANCELLING) {
                        state = RunState.RUNNING;
                    }
                }
            }
            case RunEvent.WarmupStarted e -> warmup = e.mode() == WarmupMode.FIXED ? WarmupState.RUNNING_FIXED
                    : WarmupState.CONVERGING;
            case RunEvent.WarmupFinished e -> warmup = e.timedOut() ? WarmupState.TIMED_OUT
                    : !e.converged() ? WarmupState.SKIPPED : WarmupState.CONVERGED;
            case RunEvent.LevelStarted e -> {
                Level l = level(e);
                if (l != null) {
                    current = l.index;
                    window = 0;
                    l.windowsTotal = e.windows() != null ? e.windows() : l.windowsTotal;
                    if (Double.isNaN(l.rate) && e.rateReqS() != null) {
                        l.rate = e.rateReqS();
                    }
                }
                if (eta != null && jobSource == null) {
                    eta.levelStarted();
                }
                if (jobSource != null) {
                    jobs.computeIfAbsent(jobSource, Job::new);
                }
            }
            case RunEvent.CapacityProbe e -> search.apply(e, plan);
            case RunEvent.CapacitySearchFinished e -> search.apply(e, plan);
            case RunEvent.WindowClosed e -> {
                Level l = level(e);
                if (l != null) {
                    l.windows.put(e.window(), number(e.jPerToken()));
                    if (e.sessionsStarted() != null) {
                        l.sessionsByWindow.put(e.window(), new SessionCounts(e.sessionsStarted(),
                                e.sessionsCompleted() == null ? 0 : e.sessionsCompleted()));
                    }
                    current = l.index;
                    window = e.window() + 1;
                }
                lastJPerToken = number(e.jPerToken());
                lastTokensPerS = e.spanS() > 0 ? e.tokens() / e.spanS() : Double.NaN;
            }
            case RunEvent.LevelFinished e -> {
                Level l = level(e);
                if (l != null) {
                    if (e.jPerToken() != null && !e.jPerToken().isEmpty()) {
                        l.windows.clear();
                        for (int w = 0; w < e.jPerToken().size(); w++) {
                            l.windows.put(w, number(e.jPerToken().get(w)));
                        }
                    }
                    l.verdict = e.valid() ? Validity.VALID : Validity.INVALID;
                    l.reason = e.valid() || e.reason() == null ? "" : e.reason();
                    if (e.interrupted()) {
                        l.reason = "interrupted: rerun on resume";
                    }
                    l.cv = number(e.cv());
                    l.ttftP99Ms = number(e.ttftP99Ms());
                    l.reqS = number(e.reqS());
                    l.fidelity = e.fidelity() == null ? "" : e.fidelity().summary();
                }
                if (jobSource == null) {
                    levelInterrupted |= e.interrupted();
                }
                if (eta != null && jobSource == null) {
                    eta.levelFinished(nanos(t));
                }
                if (eta != null && jobSource != null && t != null && e.cell() != null) {
                    eta.cellFinished(e.cell(), nanos(t));
                }
                if (jobSource != null && e.valid()) {
                    jobs.computeIfAbsent(jobSource, Job::new).levelsDone++;
                }
            }
            case RunEvent.LevelSessions e -> {
                Level l = level(e);
                if (l != null) {
                    l.sessions = new SessionCounts(e.started(), e.completed());
                }
            }
            case RunEvent.Power e -> {
                if (t != null) {
                    String trace = jobSource == null ? "Power" : "job " + jobSource;
                    ArrayDeque<PowerPoint> points = power.computeIfAbsent(trace, k -> new ArrayDeque<>());
                    points.addLast(new PowerPoint(seconds(t), e.powerW()));
                    while (points.size() > MAX_POWER_POINTS) {
                        points.removeFirst();
                    }
                    lastPower.put(trace, e.powerW());
                }
            }
            case RunEvent.StudyFinished e -> {
                if (jobSource == null) {
                    state = FollowedEvents.outcome(e, levelInterrupted) == RunEvent.Outcome.INTERRUPTED
                            ? RunState.CANCELLED : RunState.FINISHED;
                    lastPower.clear();
                }
            }
            default -> {
            }
        }
        changed();
    }

    /** A cluster run's jobs tell core's ETA which groups run and which ended (issue 35 item 5: it read "ETA —"). */
    private void clusterEta(RunEvent.Job e, Instant t) {
        Job j = e.jobId() == null ? null : jobs.get(e.jobId());
        int group = e.group() != null ? e.group() : j == null ? -1 : j.group;
        if (eta == null || group < 0 || t == null) {
            return;
        }
        if (e.state() != null && e.state().startsWith("RUNNING")) {
            eta.groupRunning(group, nanos(t));
        }
        if (RunEvent.Job.MERGED.equals(e.kind())) {
            eta.groupEnded(group);
        }
    }

    private void job(RunEvent.Job e) {
        if (e.jobId() == null) {
            return;
        }
        Job j = jobs.computeIfAbsent(e.jobId(), Job::new);
        if (e.group() != null) {
            j.group = e.group();
        }
        if (e.state() != null) {
            j.state = e.state().toUpperCase(java.util.Locale.ROOT);
            j.node = e.node() != null ? e.node() : j.node;
            j.reason = e.reason();
        }
        if (RunEvent.Job.MERGED.equals(e.kind())) {
            j.merged = true;
            if (e.credited() != null) {
                j.credited = e.credited();
            }
            if (e.cells() != null) {
                j.cells = e.cells();
            }
            lastPower.remove("job " + j.id);
        }
    }

    private Level level(RunEvent.OfCell e) {
        Integer row = e.cell() != null ? rowOfCell.get(e.cell()) : null;
        return row == null ? null : levels.get(row);
    }

    // --- the snapshot ---

    @Override
    public synchronized LiveSnapshot snapshot() {
        if (built != null && built.version() == version) {
            return built;
        }
        List<WindowPoint> points = new ArrayList<>();
        List<LevelRow> rows = new ArrayList<>();
        for (Level l : levels) {
            rows.add(l.row());
            l.windows.forEach((w, j) -> {
                if (Double.isFinite(j)) {
                    points.add(new WindowPoint(l.index, w, l.rate, j, l.verdict, l.cv, l.cvThreshold));
                }
            });
        }
        List<GpuTrace> traces = new ArrayList<>();
        int device = 0;
        for (var e : power.entrySet()) {
            traces.add(new GpuTrace(device++, e.getKey(), List.copyOf(e.getValue())));
        }
        List<JobRow> jobRows = jobs.values().stream()
                .sorted(java.util.Comparator.comparingInt((Job j) -> j.group).thenComparing(j -> j.id))
                .map(Job::row).toList();
        double watts = lastPower.isEmpty() ? Double.NaN
                : lastPower.values().stream().mapToDouble(Double::doubleValue).sum();
        Kpis kpis = new Kpis(watts, lastJPerToken, lastTokensPerS, Double.NaN, Double.NaN, Double.NaN);
        built = new LiveSnapshot(version, state, studyName, energy.kind(), energy.label(), points, traces,
                List.of(), List.of(), List.of(), kpis, progress(), rows, jobRows, search.progress());
        return built;
    }

    private RunProgress progress() {
        if (levels.isEmpty()) {
            return RunProgress.NONE;
        }
        Level level = levels.get(Math.max(0, current));
        int total = 0;
        int done = 0;
        for (Level l : levels) {
            total += Math.max(l.windowsTotal, l.windows.size());
            done += l.windows.size();
        }
        double fraction = state == RunState.FINISHED ? 1 : total == 0 ? 0 : (double) done / total;
        Duration left = null;
        if (state == RunState.FINISHED) {
            left = Duration.ZERO;
        } else if (state.active() && eta != null && eta.started()) {
            left = Duration.ofMillis(Math.round(eta.etaSeconds(wallNanos.getAsLong()) * 1000));
        }
        return new RunProgress(Math.max(0, current) + 1, levels.size(), level.rate, window, level.windowsTotal,
                warmup, left, fraction, level.ratesSessions);
    }

    // --- helpers ---

    private double seconds(Instant t) {
        return origin == null ? 0 : Duration.between(origin, t).toNanos() / 1e9;
    }

    private long nanos(Instant t) {
        return t == null ? wallNanos.getAsLong() : t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static double number(Double d) {
        return d == null ? Double.NaN : d;
    }

    private void changed() {
        version++;
    }
}
