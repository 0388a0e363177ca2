package io.joulebench.app.live;

/**
 * One batch job of a cluster run, as the live view's job table shows it.
 *
 * @param state    what the scheduler says, for people: {@code PENDING}, {@code RUNNING on gpu07}, {@code done},
 *                 {@code FAILED: Slurm job 12 ended FAILED on vm (exit code 3)}
 * @param failed   whether the job ended without doing its work (the row is marked)
 * @param credited levels credited so far out of the job's levels, e.g. {@code 2/3}; empty when unknown
 */
public record JobRow(String jobId, int group, String state, boolean failed, String credited) {
}
