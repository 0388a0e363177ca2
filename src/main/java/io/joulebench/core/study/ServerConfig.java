package io.joulebench.core.study;

/**
 * {@code server}: traffic, warmup, cooldown between levels, windows per level and the level's validity rules: the
 * stability gate ({@code stability_cv_threshold}) and the request-failure rule ({@code max_error_fraction}: the
 * largest share of a level's in-window requests that may end in error or timeout).
 */
public record ServerConfig(TrafficConfig traffic, WarmupSettings warmup, double cooldownSeconds, int windowsPerLevel,
                           double stabilityCvThreshold, double maxErrorFraction) {

    public ServerConfig withTraffic(TrafficConfig newTraffic) {
        return new ServerConfig(newTraffic, warmup, cooldownSeconds, windowsPerLevel, stabilityCvThreshold,
                maxErrorFraction);
    }
}
