package io.joulebench.app.results;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Names the plot series: one per study, and within a study one per configuration (everything but the rate). The
 * name is the study name, followed by the settings that tell its configurations apart when it has several.
 */
public final class SeriesNames {

    /** The settings, besides the rate, that make a configuration. */
    static final List<String> CONFIG = List.of(WindowsCsvColumns.ENGINE, WindowsCsvColumns.MODEL,
            WindowsCsvColumns.RUNNER, WindowsCsvColumns.ARRIVAL, WindowsCsvColumns.BURSTINESS_CV,
            WindowsCsvColumns.CONCURRENCY_CAP);

    private SeriesNames() {
    }

    /** A naming function for these rows. */
    public static Function<WindowRow, String> forRows(List<WindowRow> rows) {
        Map<String, Set<List<String>>> configsPerStudy = new HashMap<>();
        for (WindowRow row : rows) {
            configsPerStudy.computeIfAbsent(row.studyName(), k -> new LinkedHashSet<>()).add(config(row));
        }
        Map<String, List<Integer>> differing = new HashMap<>();
        configsPerStudy.forEach((study, configs) -> {
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < CONFIG.size(); i++) {
                final int k = i;
                if (configs.stream().map(c -> c.get(k)).distinct().count() > 1) {
                    idx.add(i);
                }
            }
            differing.put(study, idx);
        });
        return row -> {
            String study = row.studyName().isEmpty() ? "(unnamed study)" : row.studyName();
            List<Integer> idx = differing.getOrDefault(row.studyName(), List.of());
            if (idx.isEmpty()) {
                return study;
            }
            List<String> config = config(row);
            List<String> parts = new ArrayList<>();
            for (int i : idx) {
                // An empty setting is its absence: "concurrency_cap=none", never "concurrency_cap=".
                parts.add(CONFIG.get(i) + "=" + (config.get(i).isEmpty() ? "none" : config.get(i)));
            }
            return study + " (" + String.join(", ", parts) + ")";
        };
    }

    private static List<String> config(WindowRow row) {
        List<String> values = new ArrayList<>(CONFIG.size());
        for (String c : CONFIG) {
            values.add(row.text(c));
        }
        return values;
    }
}
