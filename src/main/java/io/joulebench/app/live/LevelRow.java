package io.joulebench.app.live;

import io.joulebench.core.window.SessionCounts;

/**
 * One row of the level table: a rate level's windows, stability and latency so far. {@code autoWindow} is the length a
 * {@code window_seconds: auto} level took from its warmup, as shown ({@code auto 278 s}); empty otherwise or until chosen.
 * {@code fidelity} is a trace level's one-line fidelity summary ({@link io.joulebench.core.window.ReplayFidelity}),
 * empty for other levels. {@code clientWarning} is the latest closed window's client-overload warning
 * in a line ({@link io.joulebench.core.window.ClientLoad#brief}; result.json has it in full), empty when the client kept up.
 * {@code sessions} a session level's sessions started and completed in its windows so far (windows.csv's columns,
 * the {@code level_sessions} event's once the level ends), null for a level without sessions.
 */
public record LevelRow(int levelIndex, double rate, int windowsDone, int windowsTotal, double cv,
        double cvThreshold, Validity verdict, String reason, double ttftP99Ms, double requestThroughput,
        String autoWindow, String fidelity, String clientWarning, SessionCounts sessions) {

    public LevelRow {
        autoWindow = autoWindow == null ? "" : autoWindow;
        fidelity = fidelity == null ? "" : fidelity;
        clientWarning = clientWarning == null ? "" : clientWarning;
    }

    /** A row of a level without sessions. */
    public LevelRow(int levelIndex, double rate, int windowsDone, int windowsTotal, double cv, double cvThreshold,
                    Validity verdict, String reason, double ttftP99Ms, double requestThroughput, String autoWindow,
                    String fidelity, String clientWarning) {
        this(levelIndex, rate, windowsDone, windowsTotal, cv, cvThreshold, verdict, reason, ttftP99Ms,
                requestThroughput, autoWindow, fidelity, clientWarning, null);
    }

    /** Whether the level runs conversations ({@code task.sessions}): it has session counts. */
    public boolean sessionLevel() {
        return sessions != null;
    }

    /**
     * Sessions in flight: started in the level's windows so far and not completed in them (never below 0, since a
     * session begun during the ramp may complete in a window); 0 for a level without sessions.
     */
    public long sessionsInFlight() {
        return sessions == null ? 0 : Math.max(0, sessions.started() - sessions.completed());
    }

    /**
     * A session level's line under its verdict: {@code 4 sessions in flight · 12 started · 8 done} while it runs,
     * {@code 12 sessions started · 8 done} once decided (those not done were cut at its end); else empty.
     */
    public String sessionsText() {
        if (sessions == null) {
            return "";
        }
        String counts = sessions.started() + " started · " + sessions.completed() + " done";
        return verdict == Validity.PENDING ? sessionsInFlight() + " sessions in flight · " + counts
                : sessions.started() + " sessions started · " + sessions.completed() + " done";
    }

    /** A row without a client warning. */
    public LevelRow(int levelIndex, double rate, int windowsDone, int windowsTotal, double cv, double cvThreshold,
                    Validity verdict, String reason, double ttftP99Ms, double requestThroughput, String autoWindow,
                    String fidelity) {
        this(levelIndex, rate, windowsDone, windowsTotal, cv, cvThreshold, verdict, reason, ttftP99Ms,
                requestThroughput, autoWindow, fidelity, "");
    }

    /** A row without a fidelity line (not a trace level). */
    public LevelRow(int levelIndex, double rate, int windowsDone, int windowsTotal, double cv, double cvThreshold,
                    Validity verdict, String reason, double ttftP99Ms, double requestThroughput, String autoWindow) {
        this(levelIndex, rate, windowsDone, windowsTotal, cv, cvThreshold, verdict, reason, ttftP99Ms,
                requestThroughput, autoWindow, "");
    }

    /** A row of a level with a fixed window length. */
    public LevelRow(int levelIndex, double rate, int windowsDone, int windowsTotal, double cv, double cvThreshold,
                    Validity verdict, String reason, double ttftP99Ms, double requestThroughput) {
        this(levelIndex, rate, windowsDone, windowsTotal, cv, cvThreshold, verdict, reason, ttftP99Ms,
                requestThroughput, "");
    }

    /** The Windows cell: {@code 1/3}, with the auto length when there is one ({@code 1/3 · auto 278 s}). */
    public String windowsText() {
        return windowsDone + "/" + windowsTotal + (autoWindow.isEmpty() ? "" : " · " + autoWindow);
    }
}
