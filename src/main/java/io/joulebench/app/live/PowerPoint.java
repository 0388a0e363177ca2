package io.joulebench.app.live;

/** One power sample: seconds since the run started, and watts. */
public record PowerPoint(double tSeconds, double watts) {
}
