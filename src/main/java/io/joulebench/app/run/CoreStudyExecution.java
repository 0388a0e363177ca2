package io.joulebench.app.run;

import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.app.fx.UserMessageException;
import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.executor.slurm.JobEvents;
import io.joulebench.core.executor.slurm.JobListener;
import io.joulebench.core.executor.slurm.SlurmExecutors;
import io.joulebench.core.executor.slurm.SlurmProfile;
import io.joulebench.core.server.HostEnvironment;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The workbench's {@link StudyExecution}: the same study runner, sessions and results folder as the CLI. On a
 * cluster it is {@code joulebench run --executor slurm}: the user's profile, this JVM as the worker, sbatch on PATH
 * ({@link SlurmExecutors}); the job events go to the folder's events file, where the live view follows them.
 */
public final class CoreStudyExecution implements StudyExecution {

    private final Supplier<SessionRunner> sessions;
    private final Clock clock;
    private final HostEnvironment host;

    /** @param clock the run's clock (monotonic and wall time); the system clock in the workbench */
    public CoreStudyExecution(Supplier<SessionRunner> sessions, Clock clock) {
        this(sessions, clock, null);
    }

    /** @param host where the cluster profile is read from (null: runs on this machine only) */
    public CoreStudyExecution(Supplier<SessionRunner> sessions, Clock clock, HostEnvironment host) {
        this.sessions = sessions;
        this.clock = clock;
        this.host = host;
    }

    @Override
    public RunEnd run(Study study, Path outDir, ExecutorKind where, StudyRunListener listener) throws Exception {
        if (where == ExecutorKind.LOCAL || host == null) {
            return StudyExecution.super.run(study, outDir, where, listener);
        }
        AtomicReference<EventLog> events = new AtomicReference<>();
        JobListener jobs = JobEvents.writer(job -> {
            EventLog log = events.get();
            if (log != null) {
                log.event(job);
            }
        });
        StudyExecutor executor;
        try {
            executor = SlurmExecutors.forNewRun(host.joulebenchDir(), host.home(), outDir, clock, jobs);
        } catch (SlurmProfile.ProfileException e) {
            throw new UserMessageException(e.getMessage());
        }
        StudyPlan plan = StudyPlan.of(study);
        ResultsFolder folder = ResultsFolder.createAt(outDir, plan, clock);
        try (EventLog log = new EventLog(folder.dir(), 0, clock)) {
            events.set(log);
            return end(new StudyRunner(executor, clock).continueIn(folder, plan,
                    new TeeListener(listener, log)));
        }
    }

    @Override
    public RunEnd run(Study study, Path outDir, StudyRunListener listener) throws Exception {
        return run(study, outDir, "", listener);
    }

    @Override
    public RunEnd run(Study study, Path outDir, String runLabel, StudyRunListener listener) throws Exception {
        StudyPlan plan = StudyPlan.of(study);
        try {
            ResultsFolder folder = ResultsFolder.createAt(outDir, plan, clock);
            if (runLabel != null && !runLabel.isBlank()) {
                folder.label(runLabel);
            }
            try (EventLog events = new EventLog(folder.dir(), 0, clock)) { // so `joulebench watch` can follow it too
                return end(runner().continueIn(folder, plan, new TeeListener(listener, events)));
            }
        } catch (java.nio.channels.ClosedByInterruptException e) {
            return cancelledBeforeTheRunner();
        }
    }

    @Override
    public RunEnd resume(Path resultsDir, StudyRunListener listener) throws Exception {
        int credited = (int) Manifest.read(resultsDir.resolve(Manifest.FILE_NAME)).entries().stream()
                .filter(ManifestEntry::credited).count();
        AtomicReference<EventLog> log = new AtomicReference<>();
        // a Slurm run resumes on Slurm, as `joulebench resume` does: never its GPU groups on this machine
        StudyRunner runner = runner();
        if (SlurmExecutors.isClusterRun(resultsDir)) {
            try {
                runner = new StudyRunner(SlurmExecutors.forResume(resultsDir, clock, JobEvents.writer(
                        job -> {
                            EventLog l = log.get();
                            if (l != null) {
                                l.event(job);
                            }
                        })), clock);
            } catch (SlurmProfile.ProfileException e) {
                throw new UserMessageException(e.getMessage());
            }
        }
        try (EventLog events = new EventLog(resultsDir, credited, clock)) {
            log.set(events);
            return end(runner.resume(resultsDir, null, new TeeListener(listener, events)));
        } catch (java.nio.channels.ClosedByInterruptException e) {
            return cancelledBeforeTheRunner();
        }
    }

    /**
     * A cancel whose interrupt came while the folder or its event log was being opened, before the runner took
     * over: the file channel in use closed on it. That is the same cancelled end, not a failure to report.
     */
    private static RunEnd cancelledBeforeTheRunner() {
        Thread.interrupted();
        return RunEnd.cancelled();
    }

    /**
     * The seam's promise: an interrupt is this cancelled end, consumed here (the runner re-asserts it for callers
     * that unwind on it, as the CLI does), so the run's thread goes on to close the event log and report the end.
     */
    private static RunEnd end(io.joulebench.core.run.StudyRunResult result) {
        RunEnd end = RunEnd.of(result);
        if (end.interrupted()) {
            Thread.interrupted();
        }
        return end;
    }

    /** Orphans were reaped once when the workbench started; a run does not reap again. */
    private StudyRunner runner() {
        return new StudyRunner(sessions.get(), clock);
    }
}
