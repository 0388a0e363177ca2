package io.joulebench.core.study;

import java.util.List;

/**
 * How long a study should take, in seconds, by phase. With composite warmup the warmup figure is its failsafe
 * timeout, so {@code warmupIsUpperBound} is true and the total is an upper bound; {@code assumptions} say which
 * figures are presets rather than settings. {@code probeSeconds} is a capacity search's probes at their worst-case
 * count (each: the ramp at its rate, then one probe window), an upper bound like the composite warmup.
 */
public record WallTimeEstimate(double totalSeconds, double launchSeconds, double baselineSeconds,
                               double warmupSeconds, boolean warmupIsUpperBound, double rampSeconds,
                               double measuredSeconds, double cooldownSeconds, double offlineSeconds,
                               double gapSeconds, double probeSeconds, List<String> assumptions) {

    public WallTimeEstimate {
        assumptions = List.copyOf(assumptions);
    }
}
