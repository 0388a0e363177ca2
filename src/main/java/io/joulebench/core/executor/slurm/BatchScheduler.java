package io.joulebench.core.executor.slurm;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The scheduler's three verbs, as the Slurm executor uses them. {@link SlurmCli} runs Slurm's own commands on this
 * machine; an SSH transport to a login node, or a fake in tests, is another implementation.
 */
public interface BatchScheduler {

    /** Submits {@code script} (its path as the cluster sees it) with {@code sbatchArgs}; returns the job id. */
    String submit(List<String> sbatchArgs, String script) throws IOException;

    /** The job's state; empty when the scheduler no longer knows the job. */
    Optional<JobStatus> status(String jobId) throws IOException;

    /** Cancels the job (a finished job is no error). */
    void cancel(String jobId) throws IOException;
}
