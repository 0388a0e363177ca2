package io.joulebench.app.live;

/** A stretch of the run in seconds since it started: a measured window or a level's ramp. */
public record TimeSpan(int levelIndex, int windowIndex, double startS, double endS) {
}
