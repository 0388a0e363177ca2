package io.joulebench.core.study;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.Runner;
import io.joulebench.core.warmup.WarmupMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Estimates a plan's wall time. Per launch: a preset launch time for the engine and runner, plus the idle baseline
 * when enabled. Per level: warmup (fixed duration, or the composite timeout as an upper bound), ramp, windows ×
 * window length, cooldown. A capacity-search cell: its probes at their worst-case count (each the ramp at its rate
 * and one probe window), then one such level per measured fraction. Offline cells: a batch at an assumed throughput.
 * Gaps between launches and cycles.
 */
public final class WallTimeEstimator {

    /** Seconds from launch to ready, by engine: presets, disclosed as assumptions. */
    static final Map<EnginePreset, Double> LAUNCH_SECONDS = new EnumMap<>(Map.of(
            EnginePreset.REFERENCE, 1.0, EnginePreset.VLLM, 90.0, EnginePreset.SGLANG, 90.0, EnginePreset.TGI, 60.0,
            EnginePreset.LLAMACPP, 15.0, EnginePreset.TRTLLM, 180.0, EnginePreset.CUSTOM, 60.0));
    /** Assumed offline decode throughput for the estimate, tokens per second. */
    static final double OFFLINE_TOKENS_PER_SECOND = 1000.0;

    private WallTimeEstimator() {
    }

    public static WallTimeEstimate estimate(List<ResolvedCell> cells, List<SessionGroup> groups,
                                            ExecutionConfig execution) {
        double launch = 0;
        double baseline = 0;
        double warmup = 0;
        double ramp = 0;
        double measured = 0;
        double cooldown = 0;
        double offline = 0;
        double probes = 0;
        boolean upperBound = false;
        Set<String> assumptions = new LinkedHashSet<>();
        for (SessionGroup group : groups) {
            ExperimentConfig first = cells.get(group.cellIndices().get(0)).experiment();
            launch += launchSeconds(first, assumptions);
            MeasurementConfig m = first.measurement();
            if (m.baselineEnabled()) {
                baseline += m.baselineDurationSeconds();
            }
            // the cells of one search (one per measured fraction) share a session and its one search
            boolean searched = false;
            for (int index : group.cellIndices()) {
                ExperimentConfig e = cells.get(index).experiment();
                if (!e.isServer()) {
                    offline += (double) e.offline().nPrompts() * e.task().maxOutputTokens() / OFFLINE_TOKENS_PER_SECOND;
                    assumptions.add("offline batches at an assumed " + (int) OFFLINE_TOKENS_PER_SECOND + " tokens/s");
                    continue;
                }
                ServerConfig s = e.server();
                int levels = measuredLevels(s);
                if (s.warmup().mode() == WarmupMode.FIXED) {
                    warmup += levels * s.warmup().durationSeconds();
                } else {
                    warmup += levels * s.warmup().timeoutSeconds();
                    upperBound = true;
                    assumptions.add("composite warmup counted at its timeout (an upper bound; it usually converges sooner)");
                }
                ramp += levels * s.traffic().rampExclusionSeconds();
                // an auto level (window_seconds: auto) counts at its max_seconds, the longest it can choose
                measured += levels * s.windowsPerLevel() * s.traffic().levelWindowSeconds();
                if (s.traffic().levelAutoWindow() != null) {
                    upperBound = true;
                    assumptions.add("window_seconds: auto counted at max_seconds (an upper bound; the warmup may"
                            + " choose less)");
                }
                cooldown += levels * s.cooldownSeconds();
                if (s.capacitySearch() != null) {
                    probes += searched ? 0 : probeSeconds(s);
                    searched = true;
                    upperBound = true;
                    assumptions.add("capacity search counted at its worst-case probe count (an upper bound)");
                }
            }
        }
        double gaps = Math.max(0, groups.size() - 1) * execution.experimentGapSeconds()
                + Math.max(0, execution.nCycles() - 1) * execution.cycleGapSeconds();
        double total = launch + baseline + warmup + ramp + measured + cooldown + offline + gaps + probes;
        return new WallTimeEstimate(total, launch, baseline, warmup, upperBound, ramp, measured, cooldown, offline, gaps,
                probes, new ArrayList<>(assumptions));
    }

    /**
     * One cell's planned seconds, the sum of what {@link #estimate} counts for it: warmup (fixed: its duration;
     * composite: its timeout), ramp, its windows at its own window length and cooldown; offline: its batch at the
     * assumed rate. The ETA weighs levels by it.
     */
    public static double levelSeconds(ExperimentConfig e) {
        if (!e.isServer()) {
            return (double) e.offline().nPrompts() * e.task().maxOutputTokens() / OFFLINE_TOKENS_PER_SECOND;
        }
        ServerConfig s = e.server();
        double warmup = s.warmup().mode() == WarmupMode.FIXED ? s.warmup().durationSeconds()
                : s.warmup().timeoutSeconds();
        double level = warmup + s.traffic().rampExclusionSeconds()
                + s.windowsPerLevel() * s.traffic().levelWindowSeconds() + s.cooldownSeconds();
        return measuredLevels(s) * level + probeSeconds(s);
    }

    /** The full levels a cell measures: one, or one per measured fraction of a capacity search. */
    public static int measuredLevels(ServerConfig s) {
        return s.capacitySearch() == null ? 1 : s.capacitySearch().measureFractions().size();
    }

    /** A cell's capacity-search probe budget (its worst case, {@link #probeSeconds}); 0 without a search. */
    public static double probeSeconds(ExperimentConfig e) {
        return e.isServer() ? probeSeconds(e.server()) : 0;
    }

    /** A capacity search's probes at their worst-case count: each the ramp at its rate, then one probe window. */
    static double probeSeconds(ServerConfig s) {
        CapacitySearchConfig c = s.capacitySearch();
        return c == null ? 0 : c.search().worstCaseProbes() * (s.traffic().rampExclusionSeconds() + c.probeSeconds());
    }

    private static double launchSeconds(ExperimentConfig e, Set<String> assumptions) {
        if (Runner.ENDPOINT.is(e.runner())) {
            return 0; // attached: nothing is launched, readiness of a running server is a request or two
        }
        double base = LAUNCH_SECONDS.getOrDefault(EnginePreset.fromId(e.engine()), 60.0);
        if (e.reference() != null) {
            base += e.reference().loadDelaySeconds();
            if (!Runner.IN_PROCESS.is(e.runner())) {
                base += 2.0;
            }
        }
        assumptions.add(String.format(java.util.Locale.ROOT, "launch of %s (%s) ≈ %.0f s (preset estimate)",
                e.engine(), e.runner(), base));
        return base;
    }
}
