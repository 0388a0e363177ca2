package io.joulebench.app.live;

/**
 * One closed window: its level and window index, the level's rate, its energy per token, its level's standing and
 * the level's coefficient of variation against the threshold (NaN while the level is still open).
 */
public record WindowPoint(int levelIndex, int windowIndex, double rate, double jPerToken, Validity validity,
        double levelCv, double cvThreshold) {
}
