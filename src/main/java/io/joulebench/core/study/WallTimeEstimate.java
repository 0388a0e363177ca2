package io.joulebench.core.study;

import java.util.List;

/**
 * How long a study should take, in seconds, by phase. With composite warmup the warmup figure is its failsafe
 * timeout, so {@code warmupIsUpperBound} is true and the total is an upper bound; {@code assumptions} say which
 * figures are presets rather than settings.
 */
public record WallTimeEstimate(double totalSeconds, double launchSeconds, double baselineSeconds,
                               double warmupSeconds, boolean warmupIsUpperBound, double rampSeconds,
                               double measuredSeconds, double cooldownSeconds, double offlineSeconds,
                               double gapSeconds, List<String> assumptions) {

    public WallTimeEstimate {
        assumptions = List.copyOf(assumptions);
    }
}
