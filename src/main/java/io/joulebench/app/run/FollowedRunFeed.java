package io.joulebench.app.run;

import com.fasterxml.jackson.databind.JsonNode;
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
import io.joulebench.core.executor.slurm.JobEvents;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyProgress;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.ReplayFidelity;
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

        Level(int index, double rate, int windowsTotal, double cvThreshold) {
            this.index = index;
            this.rate = rate;
            this.windowsTotal = windowsTotal;
            this.cvThreshold = cvThreshold;
        }

        LevelRow row() {
            return new LevelRow(index, rate, windows.size(), windowsTotal, cv, cvThreshold, verdict, reason,
                    ttftP99Ms, reqS, "", fidelity);
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
                levels.add(new Level(levels.size(), cell.rate() == null ? Double.NaN : cell.rate(),
                        server.windowsPerLevel(), server.stabilityCvThreshold()));
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
    public synchronized void runEvents(List<JsonNode> events) {
        for (JsonNode n : events) {
            apply(n, null);
        }
    }

    /** Events from a job's own folder ({@code cluster/jobs/…/results/events.jsonl}). */
    public synchronized void jobEvents(String jobId, List<JsonNode> events) {
        for (JsonNode n : events) {
            apply(n, jobId);
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

    /** Whether the run's last event ({@code study_finished}) has arrived. */
    public synchronized boolean ended() {
        return !state.active();
    }

    // --- events ---

    private void apply(JsonNode n, String jobSource) {
        String event = n.path("event").asText();
        Instant t = time(n);
        if (t != null && origin == null) {
            origin = t;
        }
        JobEvents.read(n).ifPresent(e -> {
            job(e);
            clusterEta(e, t);
        });
        switch (event) {
            case "study_started" -> {
                if (jobSource == null) {
                    if (plan != null) {
                        int done = (int) levels.stream().filter(l -> l.verdict != Validity.PENDING).count();
                        eta = new StudyProgress(done);
                        eta.studyStarted(plan, nanos(t));
                    }
                    if (state != RunState.CANCELLING) {
                        state = RunState.RUNNING;
                    }
                }
            }
            case "warmup_started" -> warmup = n.path("line").asText().contains("(fixed)")
                    ? WarmupState.RUNNING_FIXED : WarmupState.CONVERGING;
            case "warmup_finished" -> {
                String line = n.path("line").asText();
                warmup = line.contains("timed out") ? WarmupState.TIMED_OUT
                        : line.contains("not converged") ? WarmupState.SKIPPED : WarmupState.CONVERGED;
            }
            case "level_started" -> {
                Level l = level(n);
                if (l != null) {
                    current = l.index;
                    window = 0;
                    l.windowsTotal = n.path("windows").asInt(l.windowsTotal);
                    if (Double.isNaN(l.rate) && n.path("rate_req_s").isNumber()) {
                        l.rate = n.path("rate_req_s").asDouble();
                    }
                }
                if (eta != null && jobSource == null) {
                    eta.levelStarted();
                }
                if (jobSource != null) {
                    jobs.computeIfAbsent(jobSource, Job::new);
                }
            }
            case "capacity_probe", "capacity_search_finished" -> search.apply(n, plan);
            case "window_closed" -> {
                Level l = level(n);
                if (l != null) {
                    int w = n.path("window").asInt();
                    l.windows.put(w, number(n, "j_per_token"));
                    current = l.index;
                    window = w + 1;
                }
                lastJPerToken = number(n, "j_per_token");
                double span = number(n, "span_s");
                lastTokensPerS = span > 0 ? n.path("tokens").asDouble() / span : Double.NaN;
            }
            case "level_result" -> {
                Level l = level(n);
                if (l != null) {
                    JsonNode finals = n.path("j_per_token");
                    if (finals.isArray() && !finals.isEmpty()) {
                        l.windows.clear();
                        for (int w = 0; w < finals.size(); w++) {
                            l.windows.put(w, finals.get(w).isNumber() ? finals.get(w).asDouble() : Double.NaN);
                        }
                    }
                    boolean valid = n.path("valid").asBoolean();
                    l.verdict = valid ? Validity.VALID : Validity.INVALID;
                    l.reason = valid || !n.hasNonNull("reason") ? "" : n.get("reason").asText();
                    if (n.path("interrupted").asBoolean()) {
                        l.reason = "interrupted: rerun on resume";
                    }
                    l.cv = number(n, "cv");
                    l.ttftP99Ms = number(n, "ttft_p99_ms");
                    l.reqS = number(n, "req_s");
                    ReplayFidelity fidelity = EventLog.fidelity(n);
                    l.fidelity = fidelity == null ? "" : fidelity.summary();
                }
                if (eta != null && jobSource == null) {
                    eta.levelFinished(nanos(t));
                }
                if (eta != null && jobSource != null && t != null) {
                    eta.cellFinished(n.path(EventLog.CELL).asText(), nanos(t));
                }
                if (jobSource != null && n.path("valid").asBoolean()) {
                    jobs.computeIfAbsent(jobSource, Job::new).levelsDone++;
                }
            }
            case "power" -> {
                if (n.has("power_w") && t != null) {
                    String trace = jobSource == null ? "Power" : "job " + jobSource;
                    ArrayDeque<PowerPoint> points = power.computeIfAbsent(trace, k -> new ArrayDeque<>());
                    points.addLast(new PowerPoint(seconds(t), n.get("power_w").asDouble()));
                    while (points.size() > MAX_POWER_POINTS) {
                        points.removeFirst();
                    }
                    lastPower.put(trace, n.get("power_w").asDouble());
                }
            }
            case EventLog.STUDY_FINISHED -> {
                if (jobSource == null) {
                    state = n.path("line").asText().startsWith("interrupted") ? RunState.CANCELLED
                            : RunState.FINISHED;
                    lastPower.clear();
                }
            }
            default -> {
            }
        }
        changed();
    }

    /** A cluster run's jobs tell core's ETA which groups run and which ended (issue 35 item 5: it read "ETA —"). */
    private void clusterEta(JobEvents.JobEvent e, Instant t) {
        Job j = jobs.get(e.jobId());
        int group = e.group() != null ? e.group() : j == null ? -1 : j.group;
        if (eta == null || group < 0 || t == null) {
            return;
        }
        if (e.state() != null && e.state().startsWith("RUNNING")) {
            eta.groupRunning(group, nanos(t));
        }
        if (e.event().equals(JobEvents.MERGED)) {
            eta.groupEnded(group);
        }
    }

    private void job(JobEvents.JobEvent e) {
        Job j = jobs.computeIfAbsent(e.jobId(), Job::new);
        if (e.group() != null) {
            j.group = e.group();
        }
        if (e.state() != null) {
            j.state = e.state();
            j.node = e.node() != null ? e.node() : j.node;
            j.reason = e.reason();
        }
        if (e.event().equals(JobEvents.MERGED)) {
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

    private Level level(JsonNode n) {
        Integer row = n.hasNonNull(EventLog.CELL) ? rowOfCell.get(n.get(EventLog.CELL).asText()) : null;
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
                warmup, left, fraction);
    }

    // --- helpers ---

    private static Instant time(JsonNode n) {
        try {
            return n.hasNonNull("t") ? Instant.parse(n.get("t").asText()) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private double seconds(Instant t) {
        return origin == null ? 0 : Duration.between(origin, t).toNanos() / 1e9;
    }

    private long nanos(Instant t) {
        return t == null ? wallNanos.getAsLong() : t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static double number(JsonNode n, String key) {
        return n.hasNonNull(key) && n.get(key).isNumber() ? n.get(key).asDouble() : Double.NaN;
    }

    private void changed() {
        version++;
    }
}
