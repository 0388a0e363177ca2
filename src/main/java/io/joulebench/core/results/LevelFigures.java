package io.joulebench.core.results;

import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import java.util.Collection;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * The serving figures of a level (or of any group of its windows) that the live level table and the results'
 * By-rate table both show: one definition each, here, so a level reads the same while it runs and after it.
 * Each figure is the mean over the windows of that window's own value in {@code windows.csv}; a window without
 * the value is left out of its mean. Provisional window records (sent at window close, while requests issued in
 * the window are still in flight) are left out too: their completions are not all counted yet, so they would
 * understate the rate and skew the latency. A figure with no window to average is NaN.
 *
 * @param windows         the final windows the figures are over
 * @param requestRateReqS mean of the windows' {@code request_throughput_req_s}
 * @param ttftP99Ms       mean of the windows' {@code ttft_p99_ms}
 */
public record LevelFigures(int windows, double requestRateReqS, double ttftP99Ms) {

    /** What {@link #requestRateReqS} is, in words for a column's tooltip. */
    public static final String REQUEST_RATE_MEANING = "Achieved request rate (req/s): per window, the requests issued"
            + " inside the window that completed, divided by the window's span; shown as the mean over the level's"
            + " windows (request_throughput_req_s in windows.csv).";

    /** What {@link #ttftP99Ms} is, in words for a column's tooltip. */
    public static final String TTFT_P99_MEANING = "Time to first token, 99th percentile (ms): per window, over the"
            + " completed requests issued inside the window; shown as the mean over the level's windows"
            + " (ttft_p99_ms in windows.csv).";

    /** Said where a running level has no final window yet. */
    public static final String PENDING_MEANING = "Shown once the level's windows are final, after its drain: until"
            + " then requests issued in a window are still in flight.";

    /** The figures of a level's window records; provisional ones are left out. */
    public static LevelFigures ofRecords(Collection<WindowRecord> records) {
        var finals = records.stream().filter(r -> !r.provisional()).toList();
        return new LevelFigures(finals.size(),
                mean(finals, r -> metric(r, m -> m.requestThroughputReqS())),
                mean(finals, r -> metric(r, m -> ttftP99(m.ttft()))));
    }

    /** The figures of windows read back from {@code windows.csv}. */
    public static LevelFigures ofRows(Collection<WindowRow> rows) {
        return new LevelFigures(rows.size(), ofColumn(rows, WindowsCsvColumns.REQUEST_THROUGHPUT_REQ_S),
                ofColumn(rows, WindowsCsvColumns.TTFT_P99_MS));
    }

    /**
     * The level figure of any per-window column of {@code windows.csv} (a latency percentile, goodput, SLO
     * attainment): the mean over the windows that have it, NaN when none does. Compare's level figures
     * ({@code ttft_p99_ms} … in its table, CSV and report) are this, so they read as By rate and the live table do.
     */
    public static double ofColumn(Collection<WindowRow> rows, String column) {
        return mean(rows, w -> w.number(column).orElse(Double.NaN));
    }

    private static double ttftP99(LatencyPercentiles ttft) {
        return ttft == null || ttft.p99Ms() == null ? Double.NaN : ttft.p99Ms();
    }

    private static double metric(WindowRecord r, ToDoubleFunction<WindowMetrics> value) {
        return r.metrics() == null ? Double.NaN : value.applyAsDouble(r.metrics());
    }

    private static <T> double mean(Collection<T> items, ToDoubleFunction<T> value) {
        OptionalDouble mean = items.stream().mapToDouble(value).filter(Double::isFinite).average();
        return mean.orElse(Double.NaN);
    }
}
