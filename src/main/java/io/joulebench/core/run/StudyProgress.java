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
 * <p>
 * A capacity search's probes are no level's: their time is kept out of the levels' pace and their budget (the
 * worst-case probe count, counted once for the cells that share a search) is what is left of the search until it
 * ends; a search that ends early gives the rest back at once (the ETA of examples/capacity-search.yaml jumped from
 * 1:29 to 2:29 when the first level's pace included the whole search and every later level was planned with it).
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
    /** Each level's capacity-search probe budget (only a search's first cell has one); empty: no search. */
    private double[] probes = new double[0];
    /** When the search under way began (seconds since the start); -1 when none is. */
    private double searchStart = -1;
    /** Seconds searched since the last level finished. */
    private double searchedSinceDone;
    private boolean searchFinishedSinceDone;
    /** The probe budget finished searches did not use (before any level finished, the plan's estimate has it). */
    private double unusedProbes;
    /** The planned seconds of one probe (its ramp and window); 0 without a search. */
    private double probeEach;
    /** Seconds the finished levels took, searches left out. */
    private double levelWork;

    /** @param alreadyCredited levels a resume will not run again (they count as done from the start) */
    public StudyProgress(int alreadyCredited) {
        this.alreadyCredited = alreadyCredited;
    }

    /** The run began at {@code nowNanos}; earlier counts are dropped. */
    public void studyStarted(StudyPlan plan, long nowNanos) {
        int n = plan.cells().size();
        double[] levels = new double[n];
        double[] searches = new double[n];
        java.util.Set<String> searched = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            var cell = plan.cells().get(i);
            double probes = WallTimeEstimator.probeSeconds(cell.experiment());
            levels[i] = WallTimeEstimator.levelSeconds(cell.experiment()) - probes;
            // the cells of one search (one per measured fraction) share it: its budget is the first one's
            boolean first = probes > 0 && searched.add(io.joulebench.core.study.CapacityFractions.searchKey(
                    cell.config()));
            searches[i] = first ? probes : 0;
            if (probes > 0) {
                var server = cell.experiment().server();
                probeEach = server.traffic().rampExclusionSeconds() + server.capacitySearch().probeSeconds();
            }
        }
        start(n, plan.estimate().totalSeconds(), nowNanos, levels, searches);
        groupOfCell = new int[n];
        for (int g = 0; g < plan.groups().size(); g++) {
            for (int cell : plan.groups().get(g).cellIndices()) {
                groupOfCell[cell] = g;
            }
        }
        cellKeys = plan.cells().stream().map(c -> io.joulebench.core.results.ManifestEntry.key(c.configHash(),
                c.cycle())).toList();
        cluster = new Cluster(plan.groups().size(), n);
    }

    // --- a cluster run: its session groups run side by side, one job each ---

    private int[] groupOfCell = new int[0];
    private java.util.List<String> cellKeys = java.util.List.of();
    private Cluster cluster;

    /** What a cluster run's ETA follows per group: when its job began or its last level ended, and what is done. */
    private static final class Cluster {
        final double[] mark;
        final boolean[] ended;
        final boolean[] done;
        boolean on;
        double work;
        double donePlanned;

        Cluster(int groups, int cells) {
            mark = new double[groups];
            Arrays.fill(mark, -1);
            ended = new boolean[groups];
            done = new boolean[cells];
        }
    }

    /**
     * A cluster run's job for session group {@code group} is running: from now on the ETA is a cluster run's, the
     * longest of the groups' times left (they run side by side), not the sum of the levels left.
     */
    public void groupRunning(int group, long nowNanos) {
        if (cluster != null && group >= 0 && group < cluster.mark.length) {
            cluster.on = true;
            if (cluster.mark[group] < 0) {
                cluster.mark[group] = elapsedSeconds(nowNanos);
            }
        }
    }

    /** A cluster run's job for {@code group} ended (merged, failed or cancelled): nothing of it is left to wait for. */
    public void groupEnded(int group) {
        if (cluster != null && group >= 0 && group < cluster.ended.length) {
            cluster.on = true;
            cluster.ended[group] = true;
        }
    }

    /** A level of a cluster run's job ended; {@code cellKey} is the manifest's key of its cell. */
    public void cellFinished(String cellKey, long nowNanos) {
        int cell = cellKeys.indexOf(cellKey);
        if (cluster == null || cell < 0 || cluster.done[cell]) {
            return;
        }
        int group = groupOfCell[cell];
        double now = elapsedSeconds(nowNanos);
        double since = cluster.mark[group] < 0 ? now : cluster.mark[group];
        cluster.on = true;
        cluster.done[cell] = true;
        cluster.work += Math.max(0, now - since);
        cluster.donePlanned += cell < planned.length ? planned[cell] + probeBudget(cell) : 0;
        cluster.mark[group] = now;
    }

    /** The longest time left of the groups still to finish, each at the pace of the levels finished so far. */
    private double clusterEtaSeconds(double now) {
        double pace = cluster.donePlanned > 0 && cluster.work > 0 ? cluster.work / cluster.donePlanned : 1;
        double longest = 0;
        for (int g = 0; g < cluster.mark.length; g++) {
            if (cluster.ended[g]) {
                continue;
            }
            double left = 0;
            for (int cell = 0; cell < groupOfCell.length; cell++) {
                if (groupOfCell[cell] == g && !cluster.done[cell] && cell >= alreadyCredited) {
                    left += cell < planned.length ? planned[cell] + probeBudget(cell) : 0;
                }
            }
            double inCurrent = cluster.mark[g] < 0 ? 0 : now - cluster.mark[g];
            longest = Math.max(longest, left * pace - inCurrent);
        }
        return Math.max(0, longest);
    }

    void start(int levels, double estimatedSeconds, long nowNanos) {
        start(levels, estimatedSeconds, nowNanos, new double[0]);
    }

    /** @param plannedSeconds each level's planned seconds in plan order (ignored unless one per level, all above 0) */
    void start(int levels, double estimatedSeconds, long nowNanos, double[] plannedSeconds) {
        start(levels, estimatedSeconds, nowNanos, plannedSeconds, new double[0]);
    }

    /**
     * @param plannedSeconds each level's planned seconds without probes, in plan order
     * @param probeBudgets   each level's capacity-search probe budget (the first cell of a search has it, the others
     *                       0); ignored unless one per level
     */
    void start(int levels, double estimatedSeconds, long nowNanos, double[] plannedSeconds, double[] probeBudgets) {
        planned = plannedSeconds.length == levels && Arrays.stream(plannedSeconds).allMatch(v -> v > 0)
                ? plannedSeconds.clone() : new double[0];
        probes = probeBudgets.length == levels ? probeBudgets.clone() : new double[0];
        searchStart = -1;
        searchedSinceDone = 0;
        searchFinishedSinceDone = false;
        unusedProbes = 0;
        levelWork = 0;
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

    /**
     * A window closed: when no level is under way (an offline batch reports no level start, only its window and its
     * result), the window's level is, so its lines and the live view say the level it belongs to.
     */
    public void windowClosed() {
        if (levelsStarted <= levelsDone) {
            levelsStarted = levelsDone + 1;
        }
    }

    public void levelFinished(long nowNanos) {
        double now = elapsedSeconds(nowNanos);
        levelWork += Math.max(0, now - lastLevelDoneSeconds - searchedSinceDone);
        levelsDone++;
        lastLevelDoneSeconds = now;
        searchedSinceDone = 0;
        searchFinishedSinceDone = false;
    }

    /**
     * A capacity search of the level about to run reported progress ({@code finished}: it found its rate): its probe
     * time is kept out of the levels' pace, and what is left of its probe budget (its worst case) is counted once, so
     * neither a search that ends early nor the level after it makes the ETA jump.
     */
    public void searchUpdated(int probesDone, boolean finished, long nowNanos) {
        double now = elapsedSeconds(nowNanos);
        if (searchStart < 0) {
            // the first report comes after the first probe: the search began about that probe's length earlier
            searchStart = Math.max(lastLevelDoneSeconds, now - probeEach * Math.max(1, probesDone));
        }
        if (finished) {
            double spent = now - searchStart;
            searchedSinceDone += spent;
            searchFinishedSinceDone = true;
            unusedProbes += Math.max(0, probeBudget(firstLeft()) - spent);
            searchStart = -1;
        }
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

    /**
     * The one "level i" people read, of {@link #totalLevels} (the plan's cells, server or not): the 1-based number of
     * the level under way (the last one started), counting credited levels first; before the first level starts, the
     * next one to run. A cluster run's groups run side by side, so there it is the finished levels plus one.
     */
    public int currentLevel() {
        int under = cluster != null && cluster.on ? clusterDone() + 1 : Math.max(levelsStarted, 1);
        return Math.min(alreadyCredited + under, Math.max(totalLevels, 1));
    }

    private int clusterDone() {
        int done = 0;
        for (int cell = alreadyCredited; cell < cluster.done.length; cell++) {
            done += cluster.done[cell] ? 1 : 0;
        }
        return done;
    }

    /** Seconds since the study started. */
    public double elapsedSeconds(long nowNanos) {
        return (nowNanos - startNanos) / 1e9;
    }

    /** The estimated seconds left, never negative. */
    public double etaSeconds(long nowNanos) {
        if (cluster != null && cluster.on) {
            return clusterEtaSeconds(elapsedSeconds(nowNanos));
        }
        int remaining = Math.max(0, totalLevels - alreadyCredited - levelsDone);
        double elapsed = elapsedSeconds(nowNanos);
        double searching = searchStart >= 0 ? elapsed - searchStart : 0;
        if (levelsDone > 0) {
            int firstLeft = firstLeft();
            double inCurrent = levelsStarted > levelsDone
                    ? Math.max(0, elapsed - lastLevelDoneSeconds - searchedSinceDone - searching) : 0;
            double donePlanned = weight(planned, alreadyCredited, firstLeft);
            double perPlannedSecond = donePlanned > 0 ? levelWork / donePlanned : 0;
            double left = perPlannedSecond > 0 ? perPlannedSecond * weight(planned, firstLeft, totalLevels)
                    : levelWork / levelsDone * remaining;
            double current = probeBudget(firstLeft);
            double probesLeft = weight(probes, firstLeft, totalLevels) - current
                    + (searchFinishedSinceDone ? 0 : Math.max(0, current - searching));
            return Math.max(0, left - inCurrent + probesLeft);
        }
        double fraction = totalLevels == 0 ? 0 : (double) remaining / totalLevels;
        return Math.max(0, estimateSeconds * fraction - elapsed - unusedProbes);
    }

    private int firstLeft() {
        return Math.min(totalLevels, alreadyCredited + levelsDone);
    }

    private double probeBudget(int level) {
        return level >= 0 && level < probes.length ? probes[level] : 0;
    }

    /** The planned seconds of levels {@code from} (inclusive) to {@code to}; 0 when the plan gave no weights. */
    private static double weight(double[] seconds, int from, int to) {
        double sum = 0;
        for (int i = Math.max(0, from); i < Math.min(to, seconds.length); i++) {
            sum += seconds[i];
        }
        return sum;
    }
}
