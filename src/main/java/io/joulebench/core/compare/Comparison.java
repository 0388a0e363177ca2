package io.joulebench.core.compare;

import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything {@code joulebench compare}, the report and the workbench's Compare view show: the configurations, one
 * level per configuration × rate, each configuration's operating point at the SLO, and the differences to the
 * baseline. Immutable; made by {@link Comparer}.
 */
public record Comparison(List<ResultsRun> runs, List<Configuration> configurations, Configuration baseline,
                         List<Level> levels, List<OperatingPoint> operatingPoints, List<Difference> differences,
                         Slo slo, LevelMetric latency) {

    public Comparison {
        runs = List.copyOf(runs);
        configurations = List.copyOf(configurations);
        levels = List.copyOf(levels);
        operatingPoints = List.copyOf(operatingPoints);
        differences = List.copyOf(differences);
    }

    public List<Level> levelsOf(Configuration c) {
        return levels.stream().filter(l -> l.configuration().equals(c)).toList();
    }

    public OperatingPoint operatingPointOf(Configuration c) {
        return operatingPoints.stream().filter(o -> o.configuration().equals(c)).findFirst().orElseThrow();
    }

    /** The energy kinds of every level ({@code measured}, {@code simulated}, …), distinct. */
    public Set<String> energyKinds() {
        Set<String> kinds = new LinkedHashSet<>();
        for (ResultsRun r : runs) {
            kinds.addAll(r.provenance().energyKinds());
        }
        return kinds;
    }

    /** Whether any figure is simulated or estimated, so every plot and the title must say so. */
    public boolean notMeasured() {
        return energyKinds().stream().anyMatch(k -> !k.equals("measured"));
    }

    /** "SIMULATED", "ESTIMATED" or "SIMULATED + ESTIMATED" energy; empty when all measured. */
    public String notMeasuredLabel() {
        List<String> odd = energyKinds().stream().filter(k -> !k.equals("measured"))
                .map(k -> k.toUpperCase(java.util.Locale.ROOT)).toList();
        return odd.isEmpty() ? "" : String.join(" + ", odd) + " energy";
    }

    /**
     * The Pareto front's points in the chosen latency's coordinates, by rising latency: the one place the report's
     * staircase and the workbench's markers take them from, so both put a front marker on its level's point.
     */
    public List<FrontPoint> front() {
        return levels.stream().filter(Level::onParetoFront)
                .map(l -> new FrontPoint(l, l.metric(latency), l.jPerToken().value()))
                .sorted(java.util.Comparator.comparingDouble(FrontPoint::latency)).toList();
    }

    /** A level on the front at ({@code latency}, {@code jPerToken}), the coordinates its point is drawn at. */
    public record FrontPoint(Level level, double latency, double jPerToken) {
    }

    public List<Level> invalidLevels() {
        return levels.stream().filter(l -> !l.valid()).toList();
    }
}
