package io.joulebench.app.run;

import io.joulebench.app.live.TimeSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's phases on its clock, in seconds since it started: each level's warmup, its ramp (traffic before the
 * first window) and its measured windows. An open span has a NaN end until it closes. Not thread-safe: the live feed
 * calls it under its lock.
 */
final class RunTimeline {

    private final List<TimeSpan> windows = new ArrayList<>();
    private final List<TimeSpan> warmups = new ArrayList<>();
    private final List<TimeSpan> ramps = new ArrayList<>();

    void clear() {
        windows.clear();
        warmups.clear();
        ramps.clear();
    }

    /** The core announces a level before its warmup: what looked like the level's ramp so far is the warmup. */
    void warmupStarted(int row, double now) {
        ramps.removeIf(r -> r.levelIndex() == row && Double.isNaN(r.endS()));
        warmups.add(new TimeSpan(row, -1, now, Double.NaN));
    }

    /** The level's traffic starts now: its ramp runs until the first window opens. */
    void warmupFinished(int row, double now) {
        TimeSpan.closeOpen(warmups, now);
        ramps.add(new TimeSpan(row, -1, now, Double.NaN));
    }

    /** Until a warmup starts this is the ramp (a level without a warmup goes straight to its traffic). */
    void levelStarted(int row, double now) {
        TimeSpan.closeOpen(warmups, now);
        TimeSpan.closeOpen(ramps, now);
        ramps.add(new TimeSpan(row, -1, now, Double.NaN));
    }

    /** The first window's span starts at {@code end}: warmup and ramp are over. */
    void rampFinished(double end) {
        TimeSpan.closeOpen(warmups, end);
        TimeSpan.closeOpen(ramps, end);
    }

    void windowOpened(int row, int window, double start) {
        windows.add(new TimeSpan(row, window, start, Double.NaN));
    }

    /** The window's measured span replaces its open one. */
    void windowClosed(int row, int window, double start, double end) {
        windows.removeIf(s -> s.levelIndex() == row && s.windowIndex() == window);
        windows.add(new TimeSpan(row, window, start, end));
    }

    /** The run ended: every open span ends now. */
    void closeAll(double now) {
        TimeSpan.closeOpen(windows, now);
        TimeSpan.closeOpen(warmups, now);
        TimeSpan.closeOpen(ramps, now);
    }

    List<TimeSpan> windows(double now) {
        return TimeSpan.upTo(windows, now);
    }

    List<TimeSpan> warmups(double now) {
        return TimeSpan.upTo(warmups, now);
    }

    List<TimeSpan> ramps(double now) {
        return TimeSpan.upTo(ramps, now);
    }
}
