package io.joulebench.app.live;

import io.joulebench.core.capacity.SearchProgress;
import java.util.List;

/**
 * Everything the live view shows, at one instant, immutable. The run side builds a new one whenever something
 * changes and bumps {@code version}; the view model polls it and skips work when the version is unchanged.
 *
 * @param energyKind  {@code simulated}, {@code estimated} or {@code measured} (empty before the meter is known)
 * @param energyLabel how the energy is obtained, for people, e.g. "simulated (counter, reference engine)" or "measured · nvml (counter)"
 * @param power       per device, a bounded tail of recent samples
 * @param windowSpans the measured windows on the power trace's time axis
 * @param warmupSpans each level's warmup, before its traffic starts
 * @param rampSpans   each level's ramp, from its traffic's start to its first window, excluded from measurement
 * @param jobs        a cluster run's batch jobs, in group order; empty for a run on this machine
 * @param search      the latest capacity search's state; null when the run has none
 */
public record LiveSnapshot(long version, RunState state, String studyName, String energyKind, String energyLabel,
        List<WindowPoint> windows, List<GpuTrace> power, List<TimeSpan> windowSpans, List<TimeSpan> warmupSpans,
        List<TimeSpan> rampSpans,
        Kpis kpis, RunProgress progress, List<LevelRow> levels, List<JobRow> jobs, SearchProgress search) {

    /** No capacity search. */
    public LiveSnapshot(long version, RunState state, String studyName, String energyKind, String energyLabel,
            List<WindowPoint> windows, List<GpuTrace> power, List<TimeSpan> windowSpans, List<TimeSpan> warmupSpans,
            List<TimeSpan> rampSpans, Kpis kpis, RunProgress progress, List<LevelRow> levels, List<JobRow> jobs) {
        this(version, state, studyName, energyKind, energyLabel, windows, power, windowSpans, warmupSpans, rampSpans,
                kpis, progress, levels, jobs, null);
    }

    /** A run on this machine: no jobs. */
    public LiveSnapshot(long version, RunState state, String studyName, String energyKind, String energyLabel,
            List<WindowPoint> windows, List<GpuTrace> power, List<TimeSpan> windowSpans, List<TimeSpan> warmupSpans,
            List<TimeSpan> rampSpans, Kpis kpis, RunProgress progress, List<LevelRow> levels) {
        this(version, state, studyName, energyKind, energyLabel, windows, power, windowSpans, warmupSpans, rampSpans,
                kpis, progress, levels, List.of());
    }

    /** The same snapshot under another version (a feed that switches between sources keeps its versions rising). */
    public LiveSnapshot withVersion(long v) {
        return new LiveSnapshot(v, state, studyName, energyKind, energyLabel, windows, power, windowSpans,
                warmupSpans, rampSpans, kpis, progress, levels, jobs, search);
    }

    public LiveSnapshot {
        jobs = List.copyOf(jobs);
        windows = List.copyOf(windows);
        power = List.copyOf(power);
        windowSpans = List.copyOf(windowSpans);
        warmupSpans = List.copyOf(warmupSpans);
        rampSpans = List.copyOf(rampSpans);
        levels = List.copyOf(levels);
    }

    /** Before any run: nothing to show. */
    public static LiveSnapshot idle() {
        return new LiveSnapshot(0, RunState.IDLE, "", "", "", List.of(), List.of(), List.of(), List.of(),
                List.of(), Kpis.UNKNOWN, RunProgress.NONE, List.of());
    }
}
