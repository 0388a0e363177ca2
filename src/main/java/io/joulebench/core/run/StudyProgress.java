package io.joulebench.core.run;

import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.WallTimeEstimator;
import java.util.Arrays;

/**
 * The one owner of a study run's progress: which level of how many is under way and the ETA, for the CLI's progress
 * lines and the workbench's live view alike. Fed with the run's level starts and ends on the run's monotonic clock;
 * not thread-safe (each caller already serialises its listener events).
 * <p>
 * The ETA, once a level has finished, is the time the finished levels took, scaled to the planned length of the
 * levels left ({@link WallTimeEstimator#levelSeconds}: warmup, ramp, windows at each level's own length), less the time already spent in the one
 * under way, so the figure falls while a level runs instead of growing with it. Levels of equal plan weigh alike:
 * then it is the mean time per finished level times the levels left. With per-rate windows a uniform mean was wrong
 * by the ratio of the window lengths (the quickstart's 20 s first level made the ETA grow from 1:08 to 1:49 while
 * 50 s were left). Before any level has finished it is the plan's wall-time estimate for the levels left, less the
 * time spent so far.
 */
public final class StudyProgress {

    private final int alreadyCredited;
    private long startNanos;
    private int totalLevels;
    private double estimateSeconds;
    private int levelsDone;
    private int levelsStarted;
    private double lastLevelDoneSeconds;
    private boolean started;
    /** Each level's planned seconds, in plan order; empty: all levels weigh alike. */
    private double[] planned = new double[0];

    /** @param alreadyCredited levels a resume will not run again (they count as done from the start) */
    public StudyProgress(int alreadyCredited) {
        this.alreadyCredited = alreadyCredited;
    }

    /** The run began at {@code nowNanos}; earlier counts are dropped. */
    public void studyStarted(StudyPlan plan, long nowNanos) {
        start(plan.cells().size(), plan.estimate().totalSeconds(), nowNanos,
                plan.cells().stream().mapToDouble(c -> WallTimeEstimator.levelSeconds(c.experiment())).toArray());
    }

    void start(int levels, double estimatedSeconds, long nowNanos) {
        start(levels, estimatedSeconds, nowNanos, new double[0]);
    }

    /** @param plannedSeconds each level's planned seconds in plan order (ignored unless one per level, all above 0) */
    void start(int levels, double estimatedSeconds, long nowNanos, double[] plannedSeconds) {
        planned = plannedSeconds.length == levels && Arrays.stream(plannedSeconds).allMatch(v -> v > 0)
                ? plannedSeconds.clone() : new double[0];
        startNanos = nowNanos;
        totalLevels = levels;
        estimateSeconds = estimatedSeconds;
        levelsDone = 0;
        levelsStarted = 0;
        lastLevelDoneSeconds = 0;
        started = true;
    }

    public void levelStarted() {
        levelsStarted++;
    }

    public void levelFinished(long nowNanos) {
        levelsDone++;
        lastLevelDoneSeconds = elapsedSeconds(nowNanos);
    }

    /** Whether {@link #studyStarted} has been called. */
    public boolean started() {
        return started;
    }

    public int totalLevels() {
        return totalLevels;
    }

    public int alreadyCredited() {
        return alreadyCredited;
    }

    /** The 1-based number of the level under way (the last one started), counting credited levels first. */
    public int currentLevel() {
        return Math.min(alreadyCredited + levelsStarted, Math.max(totalLevels, 1));
    }

    /** Seconds since the study started. */
    public double elapsedSeconds(long nowNanos) {
        return (nowNanos - startNanos) / 1e9;
    }

    /** The estimated seconds left, never negative. */
    public double etaSeconds(long nowNanos) {
        int remaining = Math.max(0, totalLevels - alreadyCredited - levelsDone);
        double elapsed = elapsedSeconds(nowNanos);
        if (levelsDone > 0) {
            double inCurrent = levelsStarted > levelsDone ? elapsed - lastLevelDoneSeconds : 0;
            int firstLeft = Math.min(totalLevels, alreadyCredited + levelsDone);
            double donePlanned = weight(alreadyCredited, firstLeft);
            double perPlannedSecond = donePlanned > 0 ? lastLevelDoneSeconds / donePlanned : 0;
            double left = perPlannedSecond > 0 ? perPlannedSecond * weight(firstLeft, totalLevels)
                    : lastLevelDoneSeconds / levelsDone * remaining;
            return Math.max(0, left - inCurrent);
        }
        double fraction = totalLevels == 0 ? 0 : (double) remaining / totalLevels;
        return Math.max(0, estimateSeconds * fraction - elapsed);
    }

    /** The planned seconds of levels {@code from} (inclusive) to {@code to}; 0 when the plan gave no weights. */
    private double weight(int from, int to) {
        double sum = 0;
        for (int i = Math.max(0, from); i < Math.min(to, planned.length); i++) {
            sum += planned[i];
        }
        return sum;
    }
}
