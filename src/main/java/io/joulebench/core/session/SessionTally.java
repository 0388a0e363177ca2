package io.joulebench.core.session;

import io.joulebench.core.warmup.WarmupResult;

/** Running totals of a session for its {@link SessionBlock}: what was persisted and what the phases cost. */
final class SessionTally {

    private final String sessionId;
    private int windowCount;
    private int levelCount;
    private Phase launch;
    private Phase drain;
    private double warmupSeconds;
    private boolean anyWarmup;
    private double warmupEnergyJ;
    private boolean anyWarmupEnergy;
    private String engineVersion;
    private RunnerProvenance runner;

    SessionTally(String sessionId) {
        this.sessionId = sessionId;
    }

    synchronized void launch(Phase phase) {
        launch = phase;
    }

    synchronized void engineVersion(String version) {
        engineVersion = version;
    }

    synchronized void runner(RunnerProvenance provenance) {
        runner = provenance;
    }

    synchronized void drain(Phase phase) {
        drain = phase;
    }

    synchronized void warmup(WarmupResult r) {
        anyWarmup = true;
        warmupSeconds += r.elapsedSeconds();
        if (r.energyJ() != null) {
            anyWarmupEnergy = true;
            warmupEnergyJ += r.energyJ();
        }
    }

    /** A level reached the sink: an interrupted one persisted nothing, so it counts neither windows nor a level. */
    synchronized void level(LevelResult r) {
        if (!r.interrupted()) {
            levelCount++;
            windowCount += r.windows().size();
        }
    }

    synchronized int levelCount() {
        return levelCount;
    }

    synchronized SessionBlock block() {
        return new SessionBlock(sessionId, windowCount, levelCount,
                launch == null ? null : launch.durationS(), launch == null ? null : launch.energyJ(),
                anyWarmup ? warmupSeconds : null, anyWarmupEnergy ? warmupEnergyJ : null,
                drain == null ? null : drain.durationS(), drain == null ? null : drain.energyJ(), engineVersion, runner);
    }
}
