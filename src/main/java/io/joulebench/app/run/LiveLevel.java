package io.joulebench.app.run;

import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.window.WindowRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** One level of a running study as the live feed tracks it; guarded by the feed's lock. */
final class LiveLevel {

    final int index;
    final double rate;
    int windowsTotal;
    double cvThreshold;
    final List<WindowRecord> windows = new ArrayList<>();
    Validity verdict = Validity.PENDING;
    String reason = "";
    double cv = Double.NaN;

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

    void points(List<WindowPoint> out) {
        for (WindowRecord w : windows) {
            if (w.jPerToken() != null) {
                out.add(new WindowPoint(index, w.windowIndex(), rate, w.jPerToken(), verdict, cv, cvThreshold));
            }
        }
    }

    /** Req/s and TTFT p99 are the level's {@link LevelFigures} (final windows only), as the results show them. */
    LevelRow row() {
        LevelFigures figures = LevelFigures.ofRecords(windows);
        return new LevelRow(index, rate, windows.size(), windowsTotal, cv, cvThreshold, verdict, reason,
                figures.ttftP99Ms(), figures.requestRateReqS());
    }
}
