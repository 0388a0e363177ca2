package io.joulebench.app.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.study.CapacitySearchConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A followed run's capacity search, rebuilt from its {@code capacity_probe} and {@code capacity_search_finished}
 * lines in events.jsonl and the search's settings in the folder's study: the same {@link SearchProgress} the live
 * view gets from a run in this workbench. A probe after a finished search starts the next search.
 */
final class FollowedSearch {

    private CapacitySearch settings;
    private final List<Probe> probes = new ArrayList<>();
    private SearchProgress progress;

    SearchProgress progress() {
        return progress;
    }

    void apply(JsonNode n, StudyPlan plan) {
        if (plan == null) {
            return;
        }
        boolean finished = "capacity_search_finished".equals(n.path("event").asText());
        if (!finished && progress != null && progress.result() != null) {
            probes.clear();
            settings = null;
        }
        if (settings == null) {
            settings = firstSearch(plan, progress == null ? null : progress.search());
            if (settings == null) {
                return;
            }
        }
        double low = n.path("bracket_low").asDouble(0);
        double high = n.path("bracket_high").isNumber() ? n.path("bracket_high").asDouble() : Double.POSITIVE_INFINITY;
        if (!finished) {
            Map<LevelMetric, Double> figures = new EnumMap<>(LevelMetric.class);
            for (LevelMetric m : LevelMetric.latencies()) {
                if (n.path(m.column()).isNumber()) {
                    figures.put(m, n.path(m.column()).asDouble());
                }
            }
            List<String> violations = new ArrayList<>(settings.slo().violations(figures));
            if (!n.path("meets").asBoolean() && violations.isEmpty()) {
                violations.add(String.format(Locale.ROOT, "errors %.1f %%", 100 * n.path("error_fraction").asDouble()));
            }
            probes.add(new Probe(n.path("rate_req_s").asDouble(), figures, n.path("error_fraction").asDouble(),
                    violations));
            progress = new SearchProgress(settings, probes, low, high, null);
        } else {
            CapacitySearch.Outcome outcome = CapacitySearch.Outcome.valueOf(
                    n.path("outcome").asText("bracketed").toUpperCase(Locale.ROOT));
            Double capacity = n.path("capacity").isNumber() ? n.path("capacity").asDouble() : null;
            progress = new SearchProgress(settings, probes, low, high,
                    new CapacitySearch.Result(probes, outcome, capacity, low, high));
        }
    }

    /** The plan's first search other than {@code after} (the one a finished search was). */
    private static CapacitySearch firstSearch(StudyPlan plan, CapacitySearch after) {
        for (ResolvedCell cell : plan.cells()) {
            CapacitySearchConfig c = cell.isServer() ? cell.experiment().server().capacitySearch() : null;
            if (c != null && !c.search().equals(after)) {
                return c.search();
            }
        }
        return null;
    }
}
