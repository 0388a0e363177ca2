package io.joulebench.app.results;

import io.joulebench.core.compare.Estimate;
import io.joulebench.core.compare.RatioEstimator;
import io.joulebench.core.results.LevelFigures;
import io.joulebench.core.results.WindowRow;
import java.util.ArrayList;
import java.util.Arrays;
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
        List<WindowRow> all = new ArrayList<>();
        int invalid = 0;
        boolean allValid = true;
        boolean anySlo = false;
        boolean allPass = true;
        for (List<WindowRow> windows : cycles.values()) {
            for (WindowRow w : windows) {
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
        }
        // J/token and its interval: core's ratio estimate, the figure Compare shows for the same level.
        RatioEstimator.Units units = RatioEstimator.units(all);
        Estimate jPerToken = RatioEstimator.of(units);
        double[] spread = units.ratios();
        double min = Arrays.stream(spread).filter(Double::isFinite).min().orElse(Double.NaN);
        double max = Arrays.stream(spread).filter(Double::isFinite).max().orElse(Double.NaN);
        LevelFigures figures = LevelFigures.ofRows(all);
        return new RateGroup(series, rate, cycle, all.size(), cycles.size(), jPerToken.value(), min, max,
                jPerToken.ciLow(), jPerToken.ciHigh(), units.basis().wire(), figures.ttftP99Ms(),
                figures.requestRateReqS(), invalid, anySlo ? allPass : null, allValid);
    }
}
