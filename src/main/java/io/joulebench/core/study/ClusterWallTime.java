package io.joulebench.core.study;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A plan's wall time on a cluster: one batch job per session group, each group's own {@link WallTimeEstimator}
 * estimate, packed onto {@code max_parallel_jobs} slots the way the Slurm executor submits them (in dispatch order,
 * the next group as soon as a slot frees). Queueing on the cluster and the worker JVM's start are not counted: the
 * figure is what the jobs themselves take if the scheduler runs them at once.
 *
 * @param jobs          batch jobs, one per session group
 * @param parallelism   jobs at once: {@code min(max_parallel_jobs, jobs)}
 * @param totalSeconds  the packed wall time
 * @param groupSeconds  each group's estimate, in dispatch order
 * @param upperBound    whether a group's estimate is an upper bound (a composite warmup counted at its timeout)
 */
public record ClusterWallTime(int jobs, int parallelism, double totalSeconds, List<Double> groupSeconds,
                              boolean upperBound) {

    public ClusterWallTime {
        groupSeconds = List.copyOf(groupSeconds);
    }

    /** The estimate of {@code plan} with at most {@code maxParallelJobs} jobs submitted and not ended at once. */
    public static ClusterWallTime of(StudyPlan plan, int maxParallelJobs) {
        if (maxParallelJobs < 1) {
            throw new IllegalArgumentException("max_parallel_jobs must be at least 1, not " + maxParallelJobs);
        }
        List<Double> groups = new ArrayList<>();
        boolean upper = false;
        for (SessionGroup g : plan.groups()) {
            WallTimeEstimate e = WallTimeEstimator.estimate(plan.cells(), List.of(g), plan.study().execution());
            groups.add(e.totalSeconds());
            upper |= e.warmupIsUpperBound();
        }
        return new ClusterWallTime(groups.size(), Math.min(maxParallelJobs, groups.size()),
                packed(groups, maxParallelJobs), groups, upper);
    }

    /** List scheduling in order: each job starts on the slot that frees first; the end of the last one. */
    static double packed(List<Double> seconds, int slots) {
        PriorityQueue<Double> free = new PriorityQueue<>();
        for (int i = 0; i < Math.min(slots, seconds.size()); i++) {
            free.add(0.0);
        }
        double end = 0;
        for (double s : seconds) {
            double done = free.poll() + s;
            end = Math.max(end, done);
            free.add(done);
        }
        return end;
    }
}
