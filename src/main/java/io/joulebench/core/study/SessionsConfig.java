package io.joulebench.core.study;

import io.joulebench.core.traffic.TraceFormatException;
import io.joulebench.core.workload.Distribution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * {@code task.sessions} (issue 32): the level's rate is sessions per second; each session draws its number of turns
 * from {@code turns} (at least 1) and, before each later turn, a think time in seconds from {@code thinkSeconds}: the
 * turn is ready that long after the previous reply ended (docs/workloads.md).
 */
public record SessionsConfig(Distribution turns, Distribution thinkSeconds) {

    public SessionsConfig {
        Objects.requireNonNull(turns, "turns");
        Objects.requireNonNull(thinkSeconds, "thinkSeconds");
    }

    /** Fixed turns and think time. */
    public static SessionsConfig fixed(int turns, double thinkSeconds) {
        return new SessionsConfig(new Distribution.Fixed(turns, 1, Double.POSITIVE_INFINITY),
                new Distribution.Fixed(thinkSeconds, 0, Double.POSITIVE_INFINITY));
    }

    /** Mean turns per session: a level's requests per second is at most its sessions per second times this. */
    public double meanTurns() {
        return Math.max(1.0, turns.clippedMoments().mean());
    }

    /** This config with any empirical distribution read from its file (relative to {@code baseDir}). */
    public SessionsConfig resolve(Path baseDir) throws IOException, TraceFormatException {
        return new SessionsConfig(turns.resolve(baseDir), thinkSeconds.resolve(baseDir));
    }
}
