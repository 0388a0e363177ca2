package io.joulebench.app.results;

import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.results.WindowRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;

/** Groups windows by series and rate (optionally by cycle too) into {@link RateGroup}s. */
public final class Grouping {

    private Grouping() {
    }

    /** Groups in first-seen series order, then by rate ascending (then cycle). Windows without a rate or J/token are skipped. */
    public static List<RateGroup> byRate(List<WindowRow> rows, Function<WindowRow, String> seriesOf, boolean byCycle) {
        Map<String, TreeMap<Double, TreeMap<Integer, List<WindowRow>>>> tree = new LinkedHashMap<>();
        for (WindowRow row : rows) {
            OptionalDouble rate = row.rate();
            if (rate.isEmpty() || row.jPerToken().isEmpty()) {
                continue;
            }
            tree.computeIfAbsent(seriesOf.apply(row), k -> new TreeMap<>())
                    .computeIfAbsent(rate.getAsDouble(), k -> new TreeMap<>())
                    .computeIfAbsent(row.cycle(), k -> new ArrayList<>()).add(row);
        }
        List<RateGroup> groups = new ArrayList<>();
        tree.forEach((series, rates) -> rates.forEach((rate, cycles) -> {
            if (byCycle) {
                cycles.forEach((cycle, windows) -> groups.add(group(series, rate, cycle, Map.of(cycle, windows))));
            } else {
                groups.add(group(series, rate, null, cycles));
            }
        }));
        return groups;
    }

    private static RateGroup group(String series, double rate, Integer cycle, Map<Integer, List<WindowRow>> cycles) {
        List<Double> windowValues = new ArrayList<>();
        List<Double> cycleMeans = new ArrayList<>();
        List<WindowRow> all = new ArrayList<>();
        int invalid = 0;
        boolean allValid = true;
        boolean anySlo = false;
        boolean allPass = true;
        for (List<WindowRow> windows : cycles.values()) {
            List<Double> values = new ArrayList<>();
            for (WindowRow w : windows) {
                values.add(w.jPerToken().getAsDouble());
                all.add(w);
                if (w.levelValid().orElse(true) == Boolean.FALSE) {
                    invalid++;
                }
                allValid &= w.levelValid().orElse(false);
                if (w.sloPass().isPresent()) {
                    anySlo = true;
                    allPass &= w.sloPass().get();
                }
            }
            windowValues.addAll(values);
            cycleMeans.add(Stats.mean(values));
        }
        boolean acrossCycles = cycleMeans.size() >= 2;
        List<Double> basis = acrossCycles ? cycleMeans : windowValues;
        double mean = Stats.mean(basis);
        double half = Stats.ci95HalfWidth(basis);
        LevelFigures figures = LevelFigures.ofRows(all);
        return new RateGroup(series, rate, cycle, windowValues.size(), cycles.size(), mean, Stats.min(basis),
                Stats.max(basis), mean - half, mean + half, acrossCycles ? "cycles" : "windows",
                figures.ttftP99Ms(), figures.requestRateReqS(), invalid, anySlo ? allPass : null, allValid);
    }
}
