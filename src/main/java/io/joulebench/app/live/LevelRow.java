package io.joulebench.app.live;

/** One row of the level table: a rate level's windows, stability and latency so far. */
public record LevelRow(int levelIndex, double rate, int windowsDone, int windowsTotal, double cv,
        double cvThreshold, Validity verdict, String reason, double ttftP99Ms, double requestThroughput) {
}
