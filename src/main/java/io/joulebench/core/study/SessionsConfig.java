package io.joulebench.core.study;

/**
 * {@code task.sessions} (issue 32): the level's rate is sessions per second; each session has {@code turns} turns,
 * and each later turn is ready {@code thinkSeconds} after the previous reply ended (docs/workloads.md).
 */
public record SessionsConfig(int turns, double thinkSeconds) {

    public SessionsConfig {
        if (turns < 1) {
            throw new IllegalArgumentException("turns must be ≥ 1 (got " + turns + ")");
        }
        if (thinkSeconds < 0) {
            throw new IllegalArgumentException("think_seconds must be ≥ 0 (got " + thinkSeconds + ")");
        }
    }

    /** Mean turns per session: a level's requests per second is its sessions per second times this (at most). */
    public double meanTurns() {
        return turns;
    }
}
