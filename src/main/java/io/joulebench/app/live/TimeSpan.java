package io.joulebench.app.live;

/** A stretch of the run in seconds since it started: a measured window or a level's ramp. */
public record TimeSpan(int levelIndex, int windowIndex, double startS, double endS) {

    /** The spans, with any still open drawn up to {@code now}. */
    public static java.util.List<TimeSpan> upTo(java.util.List<TimeSpan> spans, double now) {
        java.util.List<TimeSpan> out = new java.util.ArrayList<>(spans.size());
        for (TimeSpan s : spans) {
            out.add(Double.isNaN(s.endS()) ? new TimeSpan(s.levelIndex(), s.windowIndex(), s.startS(), now) : s);
        }
        return out;
    }

    /** Ends every open span of {@code spans} at {@code end} (never before its start). */
    public static void closeOpen(java.util.List<TimeSpan> spans, double end) {
        spans.replaceAll(s -> Double.isNaN(s.endS()) ? new TimeSpan(s.levelIndex(), s.windowIndex(), s.startS(),
                Math.max(s.startS(), end)) : s);
    }
}
