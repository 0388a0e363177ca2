package io.joulebench.app.run;

import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ResumeSource;
import io.joulebench.core.run.EventTail;
import io.joulebench.core.run.FollowedEvents;
import io.joulebench.core.run.RunProcess;
import io.joulebench.core.study.StudyPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows a results folder that another process (a CLI run, a cluster run's coordinator, or this workbench's own
 * cluster run) writes: reads its study once for the plan, then on each {@link #poll} the events appended to its
 * events file, its job records and every job folder's own events, into a {@link FollowedRunFeed}. {@link #cancel}
 * cancels the run from outside: {@code scancel} of every job not merged yet, and SIGINT to the process recorded as
 * running the folder ({@link RunProcess}: a CLI run or coordinator, which then credits what closed). All of it is
 * file and process I/O: call it on a background thread, never the UI's.
 */
public final class FolderFollower {

    private static final Logger LOG = LoggerFactory.getLogger(FolderFollower.class);

    private final Path dir;
    private final FollowedRunFeed feed;
    private final JobCanceller scheduler;
    private final FollowedEvents events;
    private final Map<String, EventTail> jobEvents = new HashMap<>();
    private boolean opened;

    /** Cancels one batch job ({@code scancel}: the scheduler's {@code cancel}; a finished job is no error). */
    @FunctionalInterface
    public interface JobCanceller {
        void cancel(String jobId) throws IOException;
    }

    /** @param scheduler cancels a cluster run's jobs */
    public FolderFollower(Path dir, FollowedRunFeed feed, JobCanceller scheduler) {
        this.dir = dir;
        this.feed = feed;
        this.scheduler = scheduler;
        this.events = FollowedEvents.of(dir);
    }

    public Path dir() {
        return dir;
    }

    public FollowedRunFeed feed() {
        return feed;
    }

    /**
     * Reads what is new. The first call reads the folder's study and manifest (the plan the rows come from).
     *
     * @return whether the run has ended: its last {@code study_finished} read, nothing after it and, for an
     *         interrupted one, no process (a resume) running the folder
     * @throws IOException when the folder is not a results folder or its study cannot be read
     */
    public boolean poll() throws IOException {
        if (!opened) {
            open();
        }
        List<JobRecord> records = JobRecord.all(dir);
        if (!records.isEmpty()) {
            feed.jobsRecorded(records);
        }
        feed.runEvents(events.poll());
        for (JobRecord r : records) {
            if (r.jobId() != null) {
                EventTail tail = jobEvents.computeIfAbsent(r.jobId(), id -> EventTail.of(r.resultsDir()));
                feed.jobEvents(r.jobId(), tail.poll());
            }
        }
        return events.ended().isPresent();
    }

    private void open() throws IOException {
        if (!Files.isRegularFile(dir.resolve(Manifest.FILE_NAME))) {
            throw new IOException(dir + " is not a results folder: it has no " + Manifest.FILE_NAME);
        }
        StudyPlan plan;
        try {
            plan = ResumeSource.plan(dir, null);
        } catch (io.joulebench.core.study.StudyValidationException e) {
            throw new IOException("the study in " + dir + " cannot be read: " + e.getMessage(), e);
        }
        feed.planned(plan, Manifest.read(dir.resolve(Manifest.FILE_NAME)).entries());
        opened = true;
    }

    /**
     * Cancels the followed run: {@code scancel} for every recorded job not merged yet, then SIGINT to the process
     * running the folder, when it is alive.
     *
     * @return what was done, for the user (e.g. "cancelled 2 Slurm jobs and interrupted process 4711")
     * @throws IOException when nothing could be cancelled and something failed
     */
    public String cancel() throws IOException {
        feed.cancelling();
        List<String> done = new ArrayList<>();
        IOException failure = null;
        int cancelled = 0;
        for (JobRecord r : JobRecord.all(dir)) {
            if (r.jobId() != null && !r.merged()) {
                try {
                    scheduler.cancel(r.jobId());
                    cancelled++;
                } catch (IOException e) {
                    LOG.warn("cancelling Slurm job {} failed", r.jobId(), e);
                    failure = e;
                }
            }
        }
        if (cancelled > 0) {
            done.add("cancelled " + cancelled + " Slurm job" + (cancelled == 1 ? "" : "s"));
        }
        long pid = RunProcess.find(dir).map(ProcessHandle::pid).orElse(-1L);
        if (pid >= 0 && RunProcess.interrupt(dir)) {
            done.add("interrupted process " + pid);
        }
        if (done.isEmpty()) {
            if (failure != null) {
                throw failure;
            }
            feed.gone();
            return "nothing to cancel: no running process or unmerged job is recorded in " + dir;
        }
        return String.join(" and ", done);
    }
}
