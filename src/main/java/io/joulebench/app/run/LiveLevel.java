package io.joulebench.app.run;

import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.SessionCounts;
import io.joulebench.core.window.WindowRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One level of a running study as the live model tracks it, for an own run (its windows' records) and a followed
 * one (its events' figures) alike; guarded by the feed's lock.
 */
final class LiveLevel {

    /**
     * A closed window: its energy per token and session counts, and the core's record where the run is this
     * workbench's own (null for a window read from events).
     */
    record Window(int index, Double jPerToken, SessionCounts sessions, WindowRecord record) {

        static Window of(WindowRecord r) {
            return new Window(r.windowIndex(), r.jPerToken(), r.metrics() == null ? null : r.metrics().sessions(), r);
        }
    }

    final int index;
    /** The planned rate; NaN until a capacity-search level starts at the rate its search found. */
    double rate;
    int windowsTotal;
    double cvThreshold;
    final TreeMap<Integer, Window> windows = new TreeMap<>();
    Validity verdict = Validity.PENDING;
    String reason = "";
    double cv = Double.NaN;
    /** Windows an earlier run credited to this level (a resume does not run it again); -1 when not credited. */
    int creditedWindows = -1;
    /** The credited windows as the folder's windows.csv has them (a resume shows them, not dashes); empty if none. */
    List<WindowRow> creditedRows = List.of();
    /** The auto window length chosen from the warmup, as the table shows it; empty for a fixed length. */
    String autoWindow = "";
    /** The rate counts sessions per second (a {@code task.sessions} level). */
    boolean ratesSessions;
    /** The level's figures as its result event says them (a followed run); NaN where the windows' records say them. */
    double ttftP99Ms = Double.NaN;
    double reqS = Double.NaN;
    /** A followed trace level's fidelity summary from its result event; empty otherwise. */
    String fidelity = "";
    /** A session level's final sessions from its {@code level_sessions} event; null until then. */
    SessionCounts sessions;

    LiveLevel(int index, double rate, int windowsTotal, double cvThreshold) {
        this.index = index;
        this.rate = rate;
        this.windowsTotal = windowsTotal;
        this.cvThreshold = cvThreshold;
    }

    /** A window as it closed; a later figure of the same window (its final record) replaces it. */
    void windowClosed(Window window) {
        windows.put(window.index(), window);
    }

    void windowClosed(WindowRecord record) {
        windowClosed(Window.of(record));
    }

    void finalWindows(List<WindowRecord> records) {
        windows.clear();
        records.forEach(this::windowClosed);
    }

    /** The final windows' energy per token, in window order, as a result event says them; their sessions kept. */
    void finalFigures(List<Double> jPerToken) {
        TreeMap<Integer, Window> before = new TreeMap<>(windows);
        windows.clear();
        for (int w = 0; w < jPerToken.size(); w++) {
            Window old = before.get(w);
            windows.put(w, new Window(w, jPerToken.get(w), old == null ? null : old.sessions(), null));
        }
    }

    void decide(boolean valid, String why, Double levelCv) {
        verdict = valid ? Validity.VALID : Validity.INVALID;
        reason = valid || why == null ? "" : why;
        cv = levelCv == null ? Double.NaN : levelCv;
    }

    /** The level was credited before a resume: it is done, with the manifest's verdict, and is not run again. */
    void credited(int windows, boolean valid, String why, List<WindowRow> rows) {
        creditedWindows = windows;
        creditedRows = List.copyOf(rows);
        cv = rows.stream().map(r -> r.number(WindowsCsvColumns.LEVEL_COV)).filter(java.util.OptionalDouble::isPresent)
                .mapToDouble(java.util.OptionalDouble::getAsDouble).findFirst().orElse(Double.NaN);
        verdict = valid ? Validity.VALID : Validity.INVALID;
        reason = valid ? EARLIER_RUN : why == null || why.isBlank() ? EARLIER_RUN : why + " (" + EARLIER_RUN + ")";
    }

    /** The reason a credited level gives. */
    static final String EARLIER_RUN = "credited by the run being resumed";

    /** Windows done: the closed ones, or those an earlier run credited. */
    int windowsDone() {
        return creditedWindows >= 0 && windows.isEmpty() ? creditedWindows : windows.size();
    }

    /** Windows the level plans for (a credited level counts what it credited: it is done), never below those done. */
    int windowsPlanned() {
        int planned = creditedWindows >= 0 && windows.isEmpty() ? creditedWindows : windowsTotal;
        return Math.max(planned, windowsDone());
    }

    void points(List<WindowPoint> out) {
        if (windows.isEmpty()) {
            for (WindowRow r : creditedRows) {
                r.jPerToken().ifPresent(j -> out.add(new WindowPoint(index, r.windowIndex(), rate, j, verdict, cv,
                        cvThreshold)));
            }
        }
        for (Window w : windows.values()) {
            if (w.jPerToken() != null && Double.isFinite(w.jPerToken())) {
                out.add(new WindowPoint(index, w.index(), rate, w.jPerToken(), verdict, cv, cvThreshold));
            }
        }
    }

    /**
     * Req/s and TTFT p99 are the level's {@link LevelFigures} (final windows only), as the results show them; a
     * credited level's are its windows.csv rows', a followed level's its result event's.
     */
    LevelRow row() {
        List<WindowRecord> records = records();
        LevelFigures figures = !records.isEmpty() ? LevelFigures.ofRecords(records)
                : windows.isEmpty() && !creditedRows.isEmpty() ? LevelFigures.ofRows(creditedRows)
                : new LevelFigures(windows.size(), reqS, ttftP99Ms);
        ReplayFidelity replayed = ReplayFidelity.ofWindows(records);
        String fidelityText = records.isEmpty() ? fidelity : replayed.asked() ? replayed.summary() : "";
        WindowRecord last = windows.isEmpty() ? null : windows.lastEntry().getValue().record();
        return new LevelRow(index, rate, windowsDone(), windowsTotal, cv, cvThreshold, verdict, reason,
                figures.ttftP99Ms(), figures.requestRateReqS(), autoWindow, fidelityText,
                last == null ? "" : last.clientWarningBrief(), sessionCounts());
    }

    private List<WindowRecord> records() {
        List<WindowRecord> out = new ArrayList<>(windows.size());
        windows.values().stream().map(Window::record).filter(Objects::nonNull).forEach(out::add);
        return out;
    }

    /** The sessions started and completed in the level's windows so far (or its final event's); null without. */
    private SessionCounts sessionCounts() {
        return sessions != null ? sessions : windows.values().stream().map(Window::sessions)
                .filter(Objects::nonNull).reduce(SessionCounts::plus).orElse(null);
    }
}
