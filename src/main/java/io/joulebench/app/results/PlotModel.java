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

    /** The lowest J/token (ratio estimate) of a series' rates whose windows all passed the SLO, valid levels only. */
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
            energy.computeIfAbsent(g.series(), k -> new ArrayList<>()).add(new Point(g.rate(), g.jPerToken(),
                    Double.isFinite(lo) ? lo : g.jPerToken(), Double.isFinite(hi) ? hi : g.jPerToken(),
                    g.levelsValid()));
            if (Double.isFinite(g.meanTtftP99Ms())) {
                ttft.computeIfAbsent(g.series(), k -> new ArrayList<>()).add(new Point(g.rate(), g.meanTtftP99Ms(),
                        g.meanTtftP99Ms(), g.meanTtftP99Ms(), g.levelsValid()));
            }
            if (Boolean.TRUE.equals(g.sloPass()) && g.levelsValid()) {
                best.merge(g.series(), g, (a, b) -> b.jPerToken() < a.jPerToken() ? b : a);
            }
        }
        List<Optimum> optima = new ArrayList<>();
        best.forEach((series, g) -> optima.add(new Optimum(series, g.rate(), g.jPerToken())));
        return new PlotModel(toSeries(energy), toSeries(ttft), optima);
    }

    private static List<Series> toSeries(Map<String, List<Point>> map) {
        List<Series> out = new ArrayList<>();
        map.forEach((name, points) -> out.add(new Series(name, points)));
        return out;
    }

    /** Every rate on the plots, distinct, ascending. */
    public List<Double> rates() {
        return jPerToken.stream().flatMap(x -> x.points().stream()).map(Point::rate).distinct().sorted().toList();
    }

    /** Whether a log rate axis can show every rate (all are above zero). */
    public boolean logRatePossible() {
        List<Double> rates = rates();
        return !rates.isEmpty() && rates.get(0) > 0;
    }

    /** Whether the rates are a geometric sweep (see {@link #geometric}), so a log axis spaces them evenly. */
    public boolean logRateSuggested() {
        return geometric(rates());
    }

    /**
     * At least three distinct positive rates, ascending, where each step's ratio is within 10 % of the first's and
     * above 1.5 (1, 2, 4, 8 or 2, 8, 32 — not 2, 4, 6, 8): spaced evenly on a log axis, crowded on a linear one.
     */
    public static boolean geometric(List<Double> ascending) {
        if (ascending.size() < 3 || !(ascending.get(0) > 0)) {
            return false;
        }
        double ratio = ascending.get(1) / ascending.get(0);
        if (ratio < 1.5) {
            return false;
        }
        for (int i = 2; i < ascending.size(); i++) {
            double r = ascending.get(i) / ascending.get(i - 1);
            if (Math.abs(r - ratio) > 0.1 * ratio) {
                return false;
            }
        }
        return true;
    }

    /** The rates' step ratio when {@link #geometric}, else NaN. */
    public static double ratio(List<Double> ascending) {
        return geometric(ascending) ? Math.pow(ascending.get(ascending.size() - 1) / ascending.get(0),
                1.0 / (ascending.size() - 1)) : Double.NaN;
    }
}
