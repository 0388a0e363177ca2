package io.joulebench.core.study;

/** {@code server}: traffic, warmup, cooldown between levels, windows per level and the level stability gate. */
public record ServerConfig(TrafficConfig traffic, WarmupConfig warmup, double cooldownSeconds, int windowsPerLevel,
                           double stabilityCvThreshold) {

    public ServerConfig withTraffic(TrafficConfig newTraffic) {
        return new ServerConfig(newTraffic, warmup, cooldownSeconds, windowsPerLevel, stabilityCvThreshold);
    }
}
