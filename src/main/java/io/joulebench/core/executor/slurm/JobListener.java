package io.joulebench.core.executor.slurm;

/**
 * What the coordinator of a Slurm run reports about its jobs, for the CLI's progress and the workbench. Calls come
 * from the coordinator's thread, in order; implementations return quickly.
 */
public interface JobListener {

    JobListener NONE = new JobListener() {
    };

    /** A job was submitted (or found still queued or running, on resume) for a session group. */
    default void jobSubmitted(int groupIndex, String jobId, String jobName, boolean reattached) {
    }

    /** The job's state changed (pending → running on a node → ended). */
    default void jobState(int groupIndex, String jobId, JobStatus status) {
    }

    /** A progress line the job's worker wrote to its events file. */
    default void jobProgress(int groupIndex, String jobId, String line) {
    }

    /** The job ended and its results were merged: {@code credited} of {@code cells} cells credited. */
    default void jobMerged(int groupIndex, String jobId, JobStatus status, int credited, int cells) {
    }
}
