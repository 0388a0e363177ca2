package io.joulebench.core.executor.slurm;

import io.joulebench.core.event.RunEvent;
import java.util.function.Consumer;

/**
 * A Slurm run's job events ({@code job_submitted}, {@code job_state}, {@code job_progress}, {@code job_merged}) as
 * {@link RunEvent.Job} records: the state a coordinator saw, which a view following the folder replays; the line
 * people read is rendered from the record ({@code core.run.RunEventText}).
 */
public final class JobEvents {

    private JobEvents() {
    }

    /** A job listener that hands each change to {@code sink} as a record. */
    public static JobListener writer(Consumer<RunEvent.Job> sink) {
        return new JobListener() {
            @Override
            public void jobSubmitted(int group, String jobId, String name, boolean reattached) {
                sink.accept(new RunEvent.Job(RunEvent.Job.SUBMITTED, jobId, group, name, reattached,
                        reattached ? null : "PENDING", reattached ? null : true, null, null, null, null, null));
            }

            @Override
            public void jobState(int group, String jobId, JobStatus s) {
                sink.accept(new RunEvent.Job(RunEvent.Job.STATE, jobId, group, null, null, s.state(), s.active(),
                        s.node(), s.reason(), null, null, null));
            }

            @Override
            public void jobProgress(int group, String jobId, String line) {
                sink.accept(new RunEvent.Job(RunEvent.Job.PROGRESS, jobId, group, null, null, null, null, null, null,
                        null, null, line));
            }

            @Override
            public void jobMerged(int group, String jobId, JobStatus s, int credited, int cells) {
                sink.accept(new RunEvent.Job(RunEvent.Job.MERGED, jobId, group, null, null,
                        s.completed() ? "COMPLETED" : s.state(), false, s.node(),
                        s.completed() ? null : s.describe(jobId), credited, cells, null));
            }
        };
    }
}
