package io.joulebench.core.session;

/**
 * The raw phase quantities of one server session (spec §4.8), patched into every window's result. Null means
 * unmeasured, never 0. Bundles are written at level close with a preliminary block and patched at session exit.
 */
public record SessionBlock(String sessionId, int windowCount, int levelCount,
                           Double launchDurationS, Double launchEnergyJ,
                           Double warmupTotalDurationS, Double warmupTotalEnergyJ,
                           Double drainDurationS, Double drainEnergyJ) {
}
