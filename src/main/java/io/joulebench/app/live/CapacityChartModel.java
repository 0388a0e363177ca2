package io.joulebench.app.live;

import io.joulebench.app.fx.Formats;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.slo.Slo;
import java.util.ArrayList;
import java.util.List;

/**
 * The capacity search chart's data: per SLO bound, each probe's rate against its latency figure, the bound as a
 * horizontal line, and the bracket [highest rate that met the SLO, lowest that broke it] as it narrows. Built from
 * core's {@link SearchProgress}; {@link #EMPTY} when the run has no search.
 *
 * @param status one line: the probe count and bracket while searching, the capacity once found
 */
public record CapacityChartModel(List<Series> series, double bracketLow, double bracketHigh, double maxRate,
        String status, boolean finished) {

    /** One probe on the chart: {@code order} counts from 1 in the search's path. */
    public record ProbePoint(int order, double rate, double value, boolean meets) {
    }

    /** One SLO bound: its metric's column name, its limit and the probes' figures for it. */
    public record Series(String metric, double limit, List<ProbePoint> points) {

        public Series {
            points = List.copyOf(points);
        }
    }

    public static final CapacityChartModel EMPTY = new CapacityChartModel(List.of(), 0, Double.POSITIVE_INFINITY, 0,
            "", false);

    public CapacityChartModel {
        series = List.copyOf(series);
    }

    public boolean present() {
        return maxRate > 0;
    }

    public static CapacityChartModel of(SearchProgress progress) {
        if (progress == null) {
            return EMPTY;
        }
        CapacitySearch search = progress.search();
        List<Series> series = new ArrayList<>();
        for (Slo.Bound bound : search.slo().bounds()) {
            List<ProbePoint> points = new ArrayList<>();
            for (int i = 0; i < progress.path().size(); i++) {
                Probe p = progress.path().get(i);
                Double v = p.figures().get(bound.metric());
                if (v != null && Double.isFinite(v)) {
                    points.add(new ProbePoint(i + 1, p.rate(), v, p.meets()));
                }
            }
            series.add(new Series(bound.metric().column(), bound.limit(), points));
        }
        boolean finished = progress.result() != null;
        return new CapacityChartModel(series, progress.bracketLow(), progress.bracketHigh(), search.maxRate(),
                finished ? progress.result().lines().getLast() : running(progress), finished);
    }

    private static String running(SearchProgress p) {
        String head = "Searching: probe " + p.path().size() + " of at most " + p.search().worstCaseProbes();
        String low = p.bracketLow() > 0 ? Formats.rate(p.bracketLow()) : "none yet";
        String high = Double.isFinite(p.bracketHigh()) ? Formats.rate(p.bracketHigh()) : "none yet";
        return head + " · meets at " + low + " · breaks at " + high;
    }
}
