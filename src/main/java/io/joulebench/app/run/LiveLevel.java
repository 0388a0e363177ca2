package io.joulebench.app.run;

import io.joulebench.app.live.LevelRow;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WindowPoint;
import io.joulebench.core.window.LatencyPercentiles;
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

    LevelRow row() {
        double ttft = Double.NaN;
        double throughput = 0;
        int withMetrics = 0;
        for (WindowRecord w : windows) {
            if (w.metrics() != null) {
                LatencyPercentiles t = w.metrics().ttft();
                if (t != null && t.p99Ms() != null) {
                    ttft = Double.isNaN(ttft) ? t.p99Ms() : Math.max(ttft, t.p99Ms());
                }
                throughput += w.metrics().requestThroughputReqS();
                withMetrics++;
            }
        }
        return new LevelRow(index, rate, windows.size(), windowsTotal, cv, cvThreshold, verdict, reason, ttft,
                withMetrics == 0 ? Double.NaN : throughput / withMetrics);
    }
}
