package io.joulebench.app.run;

import io.joulebench.app.live.JobRow;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.executor.slurm.JobStatus;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A followed cluster run's batch jobs, from their records (job.json) and the typed job events, as the live view's job
 * table shows them. Not thread-safe: the followed feed calls it under its lock.
 */
final class FollowedJobs {

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
            boolean active = state.isEmpty() || new JobStatus(state, null, null, 0, null).active();
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

    private final Map<String, Job> jobs = new LinkedHashMap<>();

    /** The cluster run's job records: id, group, cells, merged. */
    void recorded(List<JobRecord> records) {
        for (JobRecord r : records) {
            if (r.jobId() == null) {
                continue;
            }
            Job j = jobs.computeIfAbsent(r.jobId(), Job::new);
            j.group = r.groupIndex();
            j.cells = r.cells().size();
            j.merged |= r.merged();
        }
    }

    /** A job event; @return the job's session group (-1 when unknown) */
    int event(RunEvent.Job e) {
        if (e.jobId() == null) {
            return e.group() == null ? -1 : e.group();
        }
        Job j = jobs.computeIfAbsent(e.jobId(), Job::new);
        if (e.group() != null) {
            j.group = e.group();
        }
        if (e.state() != null) {
            j.state = e.state().toUpperCase(Locale.ROOT);
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
        }
        return j.group;
    }

    /** A job's worker started a level: the job shows in the table even before its record is read. */
    void levelStarted(String jobId) {
        jobs.computeIfAbsent(jobId, Job::new);
    }

    /** A job's worker credited a level. */
    void levelCredited(String jobId) {
        jobs.computeIfAbsent(jobId, Job::new).levelsDone++;
    }

    /** The table's rows, in group order. */
    List<JobRow> rows() {
        return jobs.values().stream().sorted(Comparator.comparingInt((Job j) -> j.group).thenComparing(j -> j.id))
                .map(Job::row).toList();
    }
}
