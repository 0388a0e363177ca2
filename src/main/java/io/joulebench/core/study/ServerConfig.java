package io.joulebench.core.study;

/**
 * {@code server}: traffic, warmup, cooldown between levels, windows per level and the level's validity rules: the
 * stability gate ({@code stability_cv_threshold}) and the request-failure rule ({@code max_error_fraction}: the
 * largest share of a level's in-window requests that may end in error or timeout). {@code capacitySearch} is null
 * unless the cell asks for an SLO capacity search ({@code server.capacity_search}, a Joulebench extension).
 */
public record ServerConfig(TrafficConfig traffic, WarmupSettings warmup, double cooldownSeconds, int windowsPerLevel,
                           double stabilityCvThreshold, double maxErrorFraction, CapacitySearchConfig capacitySearch) {

    /** A server config without a capacity search. */
    public ServerConfig(TrafficConfig traffic, WarmupSettings warmup, double cooldownSeconds, int windowsPerLevel,
                        double stabilityCvThreshold, double maxErrorFraction) {
        this(traffic, warmup, cooldownSeconds, windowsPerLevel, stabilityCvThreshold, maxErrorFraction, null);
    }

    public ServerConfig withTraffic(TrafficConfig newTraffic) {
        return new ServerConfig(newTraffic, warmup, cooldownSeconds, windowsPerLevel, stabilityCvThreshold,
                maxErrorFraction, capacitySearch);
    }
}
