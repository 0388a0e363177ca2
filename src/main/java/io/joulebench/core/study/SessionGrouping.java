package io.joulebench.core.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which cells share a server launch (upstream {@code partition_server_groups}). Walking the dispatch order without
 * reordering, consecutive server cells whose configs are equal once {@code server.traffic.rate},
 * {@code server.traffic.slo} and {@code server.traffic.trace.time_scale} are removed, and whose cycles are equal, form one group. An offline cell, any other
 * difference or a new cycle ends the group.
 */
public final class SessionGrouping {

    private SessionGrouping() {
    }

    public static List<SessionGroup> partition(List<ResolvedCell> cells) {
        List<SessionGroup> groups = new ArrayList<>();
        List<Integer> open = new ArrayList<>();
        String openKey = null;
        int openCycle = 0;
        for (int i = 0; i < cells.size(); i++) {
            ResolvedCell cell = cells.get(i);
            if (!cell.isServer()) {
                flush(groups, open);
                groups.add(new SessionGroup(List.of(i)));
                openKey = null;
                continue;
            }
            String key = groupKey(cell.config());
            if (!open.isEmpty() && key.equals(openKey) && cell.cycle() == openCycle) {
                open.add(i);
            } else {
                flush(groups, open);
                open.add(i);
                openKey = key;
                openCycle = cell.cycle();
            }
        }
        flush(groups, open);
        return groups;
    }

    /** Canonical JSON of a config with the keys a session varies per level removed. */
    public static String groupKey(ObjectNode config) {
        ObjectNode copy = config.deepCopy();
        JsonNode traffic = copy.path("server").path("traffic");
        if (traffic instanceof ObjectNode t) {
            t.remove("rate");
            t.remove("slo");
            // the time scales of one trace are levels of one session, as rates are (issue 30)
            if (t.path("trace") instanceof ObjectNode trace) {
                trace.remove("time_scale");
            }
        }
        // the fractions of one capacity search are levels of one session, as rates are
        if (copy.path("server").path("capacity_search") instanceof ObjectNode search) {
            search.remove("measure_fractions");
        }
        return CanonicalJson.of(copy);
    }

    /**
     * The once-per-study hint: sequential order with more than one cycle keeps each cell's cycles adjacent, so rate
     * sweeps that could share a launch each launch their own server.
     */
    public static Optional<String> sequentialHint(List<GridCell> grid, ExecutionConfig execution) {
        if (execution.order() != ExperimentOrder.SEQUENTIAL || execution.nCycles() <= 1) {
            return Optional.empty();
        }
        Map<String, Integer> foldable = new HashMap<>();
        for (GridCell c : grid) {
            if (c.experiment().isServer() && foldable.merge(groupKey(c.config()), 1, Integer::sum) > 1) {
                return Optional.of("sequential order launches one server per cell per cycle (" + execution.nCycles()
                        + " cycles keep each cell's repeats adjacent); set study_execution.experiment_order: interleave"
                        + " to drive a rate sweep from one launch per cycle");
            }
        }
        return Optional.empty();
    }

    private static void flush(List<SessionGroup> groups, List<Integer> open) {
        if (!open.isEmpty()) {
            groups.add(new SessionGroup(open));
            open.clear();
        }
    }
}
