package io.joulebench.app.run;

import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunState;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.FollowedEvents;
import io.joulebench.core.run.StudyProgress;
import io.joulebench.core.study.StudyPlan;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A run followed from its results folder, as the live view sees it: a thin adapter that replays the typed
 * {@link RunEvent}s the run appended ({@link EventLog}) into the one {@link LiveModel} an own run of this workbench
 * uses too, so both show the same window chart, tiles, level table, power trace and progress. A cluster run adds its
 * job table ({@link FollowedJobs}) and every job folder's own events. Events are handed in by a
 * {@link FolderFollower} (its thread); {@link #snapshot()} is polled by the view. Times are the events' own
 * ({@code t}), so a folder read from its start replays its history; the ETA is the core's {@link StudyProgress} on
 * those times, for a cluster run (groups side by side) on the jobs' states and their levels' results.
 */
public final class FollowedRunFeed implements LiveRunFeed {

    /** Power readings kept per trace (an hour at the events' one a second). */
    static final int MAX_POWER_POINTS = 3600;

    private final LongSupplier wallNanos;
    private final LiveModel model;
    private final LevelTracker levels;
    private final FollowedJobs jobs = new FollowedJobs();
    private final FollowedSearch search = new FollowedSearch();
    private StudyPlan plan;
    private Instant origin;
    /** A level of the session being read was interrupted (how a file older than the typed events says a cancel). */
    private boolean levelInterrupted;

    /** @param wallNanos now, as nanoseconds of the epoch (the events' clock) */
    public FollowedRunFeed(String studyName, LongSupplier wallNanos) {
        this.wallNanos = wallNanos;
        this.model = new LiveModel(RunState.STARTING, studyName, MAX_POWER_POINTS, wallNanos);
        this.levels = model.levels;
    }

    // --- what the follower found in the folder ---

    /**
     * The run's plan (from the folder's study) and its manifest: one pending row per server level, the credited
     * ones done with the manifest's verdict.
     */
    public synchronized void planned(StudyPlan studyPlan, List<ManifestEntry> entries) {
        plan = studyPlan;
        model.planned(studyPlan);
        levels.credited(entries, List.of());
        model.changed();
    }

    /** The cluster run's job records (job.json): id, group, cells, merged. */
    public synchronized void jobsRecorded(List<JobRecord> records) {
        jobs.recorded(records);
        model.jobs(jobs.rows());
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
        if (model.state().active()) {
            model.state(RunState.CANCELLING);
        }
    }

    /** The folder could not be followed (its study unreadable, the folder gone). */
    public synchronized void failed() {
        model.state(RunState.FAILED);
    }

    /** Nothing runs the folder any more and it has no last event (a killed run): the view stops as cancelled. */
    public synchronized void gone() {
        if (model.state().active()) {
            model.power.stoppedAll();
            model.state(RunState.CANCELLED);
        }
    }

    /** Whether the last event read ended the run ({@code study_finished}; a resume may still follow it). */
    public synchronized boolean ended() {
        return !model.state().active();
    }

    // --- events into the model ---

    private void apply(RecordedEvent r, String jobSource) {
        Instant t = r.t();
        if (t != null && origin == null) {
            origin = t;
        }
        boolean own = jobSource == null;
        StudyProgress eta = model.eta();
        switch (r.event()) {
            case RunEvent.Job e -> {
                clusterEta(e, jobs.event(e), t);
                if (RunEvent.Job.MERGED.equals(e.kind()) && e.jobId() != null) {
                    model.power.stopped(jobTrace(e.jobId()));
                }
                model.jobs(jobs.rows());
            }
            case RunEvent.StudyStarted e -> {
                if (own) {
                    if (plan != null) {
                        // the run's own count of credited levels, as its progress lines have it (the table's
                        // decided rows also hold an interrupted level, and no non-server cell)
                        model.studyStarted(plan, e.alreadyCredited(), nanos(t));
                    }
                    levelInterrupted = false;
                    if (model.state() != RunState.CANCELLING) {
                        model.state(RunState.RUNNING);
                    }
                }
            }
            case RunEvent.WarmupStarted e -> model.warmupStarted(e.mode());
            case RunEvent.WarmupFinished e -> model.warmupFinished(e.mode(), e.converged(), e.timedOut(),
                    e.elapsedS());
            case RunEvent.WindowLengthChosen e -> {
                if (e.windowS() != null) {
                    levels.autoWindow(levels.rowOf(e.cell()), e.windowS());
                }
            }
            case RunEvent.LevelStarted e -> {
                Integer row = levels.rowOf(e.cell());
                if (row != null) {
                    levels.levelStarted(row, e.windows(), e.rateReqS());
                }
                if (eta != null && own) {
                    eta.levelStarted();
                }
                if (!own) {
                    jobs.levelStarted(jobSource);
                    model.jobs(jobs.rows());
                }
            }
            case RunEvent.CapacityProbe e -> search.apply(e, plan);
            case RunEvent.CapacitySearchFinished e -> search.apply(e, plan);
            case RunEvent.WindowClosed e -> {
                if (eta != null && own) {
                    eta.windowClosed();
                }
                Integer row = levels.rowOf(e.cell());
                if (row != null) {
                    levels.windowClosed(row, new LiveLevel.Window(e.window(), e.jPerToken(),
                            e.sessionsStarted() == null ? null : new io.joulebench.core.window.SessionCounts(
                                    e.sessionsStarted(), e.sessionsCompleted() == null ? 0 : e.sessionsCompleted()),
                            null));
                }
                model.lastWindow(number(e.jPerToken()), e.spanS() > 0 ? e.tokens() / e.spanS() : Double.NaN,
                        Double.NaN);
            }
            case RunEvent.LevelFinished e -> levelFinished(e, jobSource, t);
            case RunEvent.LevelSessions e -> {
                LiveLevel l = levels.at(levels.rowOf(e.cell()));
                if (l != null) {
                    l.sessions = new io.joulebench.core.window.SessionCounts(e.started(), e.completed());
                }
            }
            case RunEvent.Power e -> {
                if (t != null) {
                    model.power.add(own ? "Power" : jobTrace(jobSource), seconds(t), e.powerW());
                }
            }
            case RunEvent.StudyFinished e -> {
                if (own) {
                    model.power.stoppedAll();
                    model.state(FollowedEvents.outcome(e, levelInterrupted) == RunEvent.Outcome.INTERRUPTED
                            ? RunState.CANCELLED : RunState.FINISHED);
                }
            }
            default -> {
            }
        }
        model.search(search.progress());
    }

    private void levelFinished(RunEvent.LevelFinished e, String jobSource, Instant t) {
        LiveLevel l = levels.at(levels.rowOf(e.cell()));
        if (l != null) {
            if (e.jPerToken() != null && !e.jPerToken().isEmpty()) {
                l.finalFigures(e.jPerToken());
            }
            l.decide(e.valid(), e.interrupted() ? "interrupted: rerun on resume" : e.reason(), e.cv());
            l.ttftP99Ms = number(e.ttftP99Ms());
            l.reqS = number(e.reqS());
            l.fidelity = e.fidelity() == null ? "" : e.fidelity().summary();
        }
        StudyProgress eta = model.eta();
        if (jobSource == null) {
            levelInterrupted |= e.interrupted();
            if (eta != null) {
                eta.levelFinished(nanos(t));
            }
        } else {
            if (eta != null && t != null && e.cell() != null) {
                eta.cellFinished(e.cell(), nanos(t));
            }
            if (e.valid()) {
                jobs.levelCredited(jobSource);
                model.jobs(jobs.rows());
            }
        }
        model.changed();
    }

    /** A cluster run's jobs tell core's ETA which groups run and which ended (issue 35 item 5: it read "ETA —"). */
    private void clusterEta(RunEvent.Job e, int group, Instant t) {
        StudyProgress eta = model.eta();
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

    // --- the snapshot ---

    @Override
    public synchronized LiveSnapshot snapshot() {
        return model.snapshot(0);
    }

    // --- helpers ---

    private static String jobTrace(String jobId) {
        return "job " + jobId;
    }

    private double seconds(Instant t) {
        return origin == null ? 0 : Duration.between(origin, t).toNanos() / 1e9;
    }

    private long nanos(Instant t) {
        return t == null ? wallNanos.getAsLong() : t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static double number(Double d) {
        return d == null ? Double.NaN : d;
    }
}
