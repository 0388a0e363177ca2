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
import java.util.Comparator;
import java.util.List;

/** One level of a running study as the live feed tracks it; guarded by the feed's lock. */
final class LiveLevel {

    final int index;
    /** The planned rate; NaN until a capacity-search level starts at the rate its search found. */
    double rate;
    int windowsTotal;
    double cvThreshold;
    final List<WindowRecord> windows = new ArrayList<>();
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
    boolean sessions;

    LiveLevel(int index, double rate, int windowsTotal, double cvThreshold) {
        this.index = index;
        this.rate = rate;
        this.windowsTotal = windowsTotal;
        this.cvThreshold = cvThreshold;
    }

    /** A provisional window as it closed; a later final record of the same window replaces it. */
    void windowClosed(WindowRecord record) {
        windows.removeIf(w -> w.windowIndex() == record.windowIndex());
        windows.add(record);
        windows.sort(Comparator.comparingInt(WindowRecord::windowIndex));
    }

    void finalWindows(List<WindowRecord> records) {
        windows.clear();
        records.forEach(this::windowClosed);
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

    void points(List<WindowPoint> out) {
        if (windows.isEmpty()) {
            for (WindowRow r : creditedRows) {
                r.jPerToken().ifPresent(j -> out.add(new WindowPoint(index, r.windowIndex(), rate, j, verdict, cv,
                        cvThreshold)));
            }
        }
        for (WindowRecord w : windows) {
            if (w.jPerToken() != null) {
                out.add(new WindowPoint(index, w.windowIndex(), rate, w.jPerToken(), verdict, cv, cvThreshold));
            }
        }
    }

    /**
     * Req/s and TTFT p99 are the level's {@link LevelFigures} (final windows only), as the results show them; a
     * credited level's are its windows.csv rows'.
     */
    LevelRow row() {
        LevelFigures figures = windows.isEmpty() && !creditedRows.isEmpty() ? LevelFigures.ofRows(creditedRows)
                : LevelFigures.ofRecords(windows);
        ReplayFidelity fidelity = ReplayFidelity.ofWindows(windows);
        return new LevelRow(index, rate, windowsDone(), windowsTotal, cv, cvThreshold, verdict, reason,
                figures.ttftP99Ms(), figures.requestRateReqS(), autoWindow, fidelity.asked() ? fidelity.summary() : "",
                windows.isEmpty() ? "" : windows.getLast().clientWarningBrief(), sessions());
    }

    /** The sessions started and completed in the level's windows so far; null for a level without sessions. */
    private SessionCounts sessions() {
        return windows.stream().map(w -> w.metrics() == null ? null : w.metrics().sessions())
                .filter(java.util.Objects::nonNull).reduce(SessionCounts::plus).orElse(null);
    }
}
