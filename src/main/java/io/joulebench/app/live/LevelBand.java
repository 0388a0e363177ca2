package io.joulebench.app.live;

/**
 * A level's stretch of the J/token chart: windows {@code firstX..lastX} on the chart's x axis, its rate, and its
 * coefficient of variation against the threshold (NaN while open).
 */
public record LevelBand(int levelIndex, double rate, int firstX, int lastX, double cv, double cvThreshold,
        Validity validity) {
}
