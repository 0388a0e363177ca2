package io.joulebench.core.session;

/**
 * The raw phase quantities of one server session (spec §4.8), patched into every window's result. Null means
 * unmeasured, never 0. Bundles are written at level close with a preliminary block and written again at session exit.
 *
 * @param engineVersion what the session's engine said it is ({@link io.joulebench.core.server.EngineVersion}); null
 *                      for an offline session or before the server was ready
 * @param runner        how the server ran, with the image digest; null for an offline session or before launch
 */
public record SessionBlock(String sessionId, int windowCount, int levelCount,
                           Double launchDurationS, Double launchEnergyJ,
                           Double warmupTotalDurationS, Double warmupTotalEnergyJ,
                           Double drainDurationS, Double drainEnergyJ, String engineVersion,
                           RunnerProvenance runner) {

    /** A block without runner provenance (tests). */
    public SessionBlock(String sessionId, int windowCount, int levelCount, Double launchDurationS,
                        Double launchEnergyJ, Double warmupTotalDurationS, Double warmupTotalEnergyJ,
                        Double drainDurationS, Double drainEnergyJ, String engineVersion) {
        this(sessionId, windowCount, levelCount, launchDurationS, launchEnergyJ, warmupTotalDurationS,
                warmupTotalEnergyJ, drainDurationS, drainEnergyJ, engineVersion, null);
    }

    /** A block without an engine version (offline sessions, tests). */
    public SessionBlock(String sessionId, int windowCount, int levelCount, Double launchDurationS,
                        Double launchEnergyJ, Double warmupTotalDurationS, Double warmupTotalEnergyJ,
                        Double drainDurationS, Double drainEnergyJ) {
        this(sessionId, windowCount, levelCount, launchDurationS, launchEnergyJ, warmupTotalDurationS,
                warmupTotalEnergyJ, drainDurationS, drainEnergyJ, null);
    }
}
