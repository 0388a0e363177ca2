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
 *
 * <p>An endpoint cell (issue 33) needs no launch, so its group is wider: cells that differ only in what each level
 * applies for itself ({@link #sessionKey}: the whole {@code server} block but the read timeout, the prompt settings
 * of {@link #PROMPT_KEYS}, the attribution weight) share one session, one readiness check and one provenance. Its
 * launch settings cannot differ between the cells of one URL ({@code EndpointRules} refuses that at load).
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
            String key = sessionKey(cell);
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

    /**
     * The {@code task} keys whose prompts a session builds once per distinct value among its cells (each level sends
     * its own cell's): the dataset, the input and output token limits, and the length mix and shared prefix.
     */
    public static final List<String> PROMPT_KEYS = List.of("dataset", "max_input_tokens", "max_output_tokens",
            "input_tokens", "output_tokens", "shared_prefix");

    /**
     * What must be equal for consecutive cells of one cycle to share a session: {@link #groupKey} for a launched
     * server; for an attached one (runner endpoint) only what the session itself holds (engine block, model, API,
     * seed, measurement, study settings, the read timeout of its transport), since every level applies its own
     * {@code server} settings, prompts ({@link #PROMPT_KEYS}) and attribution weight.
     */
    public static String sessionKey(ResolvedCell cell) {
        if (!io.joulebench.core.server.Runner.ENDPOINT.is(cell.experiment().runner())) {
            return groupKey(cell.config());
        }
        ObjectNode copy = cell.config().deepCopy();
        JsonNode readTimeout = copy.path("server").path("traffic").path("read_timeout_seconds");
        copy.remove("server");
        if (!readTimeout.isMissingNode()) {
            copy.putObject("server").putObject("traffic").set("read_timeout_seconds", readTimeout);
        }
        if (copy.path("task") instanceof ObjectNode task) {
            task.remove(PROMPT_KEYS);
        }
        if (copy.path("measurement") instanceof ObjectNode measurement) {
            measurement.remove("attribution");
        }
        return CanonicalJson.of(copy);
    }

    /** The prompt settings of a cell ({@link #PROMPT_KEYS}) as canonical JSON: equal keys, equal prompts. */
    public static String promptKey(ObjectNode config) {
        ObjectNode out = config.objectNode();
        for (String k : PROMPT_KEYS) {
            JsonNode v = config.path("task").path(k);
            if (!v.isMissingNode()) {
                out.set(k, v);
            }
        }
        return CanonicalJson.of(out);
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
