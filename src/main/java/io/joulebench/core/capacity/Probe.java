package io.joulebench.core.capacity;

import io.joulebench.core.slo.LevelMetric;
import java.util.List;
import java.util.Map;

/**
 * One probe of a capacity search: a short level at {@code rate}, its latency figures, its failed-request share and
 * the SLO bounds it broke (empty: it meets the SLO). A probe's energy is never reported as measured J/token.
 */
public record Probe(double rate, Map<LevelMetric, Double> figures, double errorFraction, List<String> violations) {

    public Probe {
        figures = Map.copyOf(figures);
        violations = List.copyOf(violations);
    }

    public boolean meets() {
        return violations.isEmpty();
    }
}
