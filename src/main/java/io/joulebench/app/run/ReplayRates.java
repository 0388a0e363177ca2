package io.joulebench.app.run;

import io.joulebench.app.live.ReplayRateModel;
import io.joulebench.core.session.LevelTraffic;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.TraceConfig;
import io.joulebench.core.traffic.trace.TraceProfile;
import io.joulebench.core.traffic.trace.TraceSlice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The live view's scheduled-versus-achieved rate of a trace replay. Each replay level's slice is read once (levels
 * of one slice at other time scales share it) on the given executor, never on the runner's event thread; until it
 * is read the level's schedule is not drawn. The schedule starts at the level's traffic start; the achieved rate is
 * each closed window's issued requests over its length: at its close, the requests finished plus those in flight;
 * once the level is validated, its final count (every request issued in the window, whenever it finished). Not thread-safe: the live feed calls it under its lock.
 */
final class ReplayRates {

    /** Bins of the scheduled line per level. */
    static final int BINS_PER_LEVEL = 60;

    private final Executor reader;
    private final Map<TraceConfig, CompletableFuture<TraceSlice>> slices = new HashMap<>();
    private final List<Level> levels = new ArrayList<>();
    private Level current;

    /** One replay level: its slice (being read), time scale, traffic start and closed windows. */
    private static final class Level {
        final CompletableFuture<TraceSlice> slice;
        final double timeScale;
        double startS;
        final List<double[]> windows = new ArrayList<>();
        TraceProfile profile;

        Level(CompletableFuture<TraceSlice> slice, double timeScale, double startS) {
            this.slice = slice;
            this.timeScale = timeScale;
            this.startS = startS;
        }

        /** The schedule's profile once the slice is read (computed once); null before. */
        TraceProfile profile() {
            if (profile == null && slice.isDone() && !slice.isCompletedExceptionally()) {
                profile = TraceProfile.of(slice.join(), timeScale, TraceConfig.DEFAULT_BLOCK_SIZE, BINS_PER_LEVEL, 1);
            }
            return profile;
        }
    }

    /** @param reader reads slices (a background thread in the workbench; tests pass a direct executor) */
    ReplayRates(Executor reader) {
        this.reader = reader;
    }

    void clear() {
        slices.clear();
        levels.clear();
        current = null;
    }

    /** A level's traffic starts at run second {@code startS}; a cell without a trace (or server) ends the replay. */
    void levelStarted(ResolvedCell cell, Path studyDir, double startS) {
        TraceConfig trace = cell == null || !cell.isServer() ? null : cell.experiment().server().traffic().trace();
        if (trace == null) {
            current = null;
            return;
        }
        TraceConfig key = new TraceConfig(trace.file(), trace.format(), trace.startSeconds(), trace.durationSeconds(),
                1.0, trace.blockSize(), trace.lengths());
        CompletableFuture<TraceSlice> slice = slices.computeIfAbsent(key,
                k -> CompletableFuture.supplyAsync(() -> LevelTraffic.slice(k, studyDir), reader));
        current = new Level(slice, trace.timeScale(), startS);
        levels.add(current);
    }

    /** The current level's warmup is over: its traffic, and so its schedule, starts at {@code startS}. */
    void trafficStarted(double startS) {
        if (current != null && current.windows.isEmpty()) {
            current.startS = startS;
        }
    }

    /**
     * A window of the current level closed: {@code finished} requests issued in {@code [fromS, toS)} run seconds had
     * finished by then and {@code inFlight} were still running. A window's record at its close counts a request
     * only once it has finished, so the in-flight ones (issued near the window's end: nearly all in this window, a
     * request lasting far less than a window) are counted with it until the level's final counts replace them.
     */
    void windowClosed(double fromS, double toS, long finished, long inFlight) {
        if (current != null && toS > fromS) {
            current.windows.add(new double[] {fromS, toS, finished + Math.max(0, inFlight)});
        }
    }

    /**
     * The current level's windows as finally counted, after its drain: {@code issued[w]} requests issued in window
     * {@code w}, finished or not at its close. Replaces the counts made at each close.
     */
    void levelCounted(long[] issued) {
        if (current == null) {
            return;
        }
        for (int w = 0; w < Math.min(issued.length, current.windows.size()); w++) {
            current.windows.get(w)[2] = issued[w];
        }
    }

    ReplayRateModel model() {
        List<ReplayRateModel.Point> scheduled = new ArrayList<>();
        List<ReplayRateModel.Point> achieved = new ArrayList<>();
        long scheduledIn = 0;
        long issuedIn = 0;
        for (Level level : levels) {
            TraceProfile p = level.profile();
            if (p == null) {
                continue; // not read yet (or unreadable: the run itself reports why)
            }
            TraceSlice slice = level.slice.join();
            double[] rate = p.ratePerBin();
            for (int i = 0; i < rate.length; i++) {
                scheduled.add(new ReplayRateModel.Point(level.startS + i * p.binSeconds(), rate[i]));
                scheduled.add(new ReplayRateModel.Point(level.startS + (i + 1) * p.binSeconds(), rate[i]));
            }
            for (double[] w : level.windows) {
                double length = w[1] - w[0];
                achieved.add(new ReplayRateModel.Point(w[0], w[2] / length));
                achieved.add(new ReplayRateModel.Point(w[1], w[2] / length));
                scheduledIn += TraceProfile.scheduledBetween(slice, level.timeScale, w[0] - level.startS,
                        w[1] - level.startS);
                issuedIn += (long) w[2];
            }
        }
        return new ReplayRateModel(scheduled, achieved, scheduledIn, issuedIn);
    }
}
