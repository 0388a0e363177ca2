package io.joulebench.app.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two results plots: J/token against rate and p99 TTFT against rate, one series each per study or config, and
 * per series the energy-optimal rate among the rates whose levels are valid and met the SLO (only where SLO data
 * exists): an invalid level's J/token is not a figure to recommend, however low.
 */
public record PlotModel(List<Series> jPerToken, List<Series> ttftP99, List<Optimum> optima) {

    /** A point with its spread (low/high equal to the value when there is none) and whether its levels are valid. */
    public record Point(double rate, double value, double low, double high, boolean valid) {

        public Point(double rate, double value, double low, double high) {
            this(rate, value, low, high, true);
        }
    }

    public record Series(String name, List<Point> points) {
        public Series {
            points = List.copyOf(points);
        }
    }

    /** The lowest mean J/token among a series' rates whose windows all passed the SLO, in valid levels only. */
    public record Optimum(String series, double rate, double jPerToken) {
    }

    public static final PlotModel EMPTY = new PlotModel(List.of(), List.of(), List.of());

    public PlotModel {
        jPerToken = List.copyOf(jPerToken);
        ttftP99 = List.copyOf(ttftP99);
        optima = List.copyOf(optima);
    }

    /** Built from groups made across cycles (not by cycle). */
    public static PlotModel of(List<RateGroup> groups, Interval interval) {
        Map<String, List<Point>> energy = new LinkedHashMap<>();
        Map<String, List<Point>> ttft = new LinkedHashMap<>();
        Map<String, RateGroup> best = new LinkedHashMap<>();
        for (RateGroup g : groups) {
            double lo = g.low(interval);
            double hi = g.high(interval);
            energy.computeIfAbsent(g.series(), k -> new ArrayList<>()).add(new Point(g.rate(), g.meanJPerToken(),
                    Double.isFinite(lo) ? lo : g.meanJPerToken(), Double.isFinite(hi) ? hi : g.meanJPerToken(),
                    g.levelsValid()));
            if (Double.isFinite(g.meanTtftP99Ms())) {
                ttft.computeIfAbsent(g.series(), k -> new ArrayList<>()).add(new Point(g.rate(), g.meanTtftP99Ms(),
                        g.meanTtftP99Ms(), g.meanTtftP99Ms(), g.levelsValid()));
            }
            if (Boolean.TRUE.equals(g.sloPass()) && g.levelsValid()) {
                best.merge(g.series(), g, (a, b) -> b.meanJPerToken() < a.meanJPerToken() ? b : a);
            }
        }
        List<Optimum> optima = new ArrayList<>();
        best.forEach((series, g) -> optima.add(new Optimum(series, g.rate(), g.meanJPerToken())));
        return new PlotModel(toSeries(energy), toSeries(ttft), optima);
    }

    private static List<Series> toSeries(Map<String, List<Point>> map) {
        List<Series> out = new ArrayList<>();
        map.forEach((name, points) -> out.add(new Series(name, points)));
        return out;
    }
}
