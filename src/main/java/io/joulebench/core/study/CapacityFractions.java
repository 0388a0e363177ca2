package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A capacity-search cell that measures several fractions of its capacity becomes one cell per fraction (each with
 * {@code measure_fractions: [f]}, labelled {@code capacity × f}): a cell is one level with its own windows, manifest
 * entry and resume credit. Cells that differ only in their fraction share a server launch
 * ({@link SessionGrouping#groupKey}) and, in that session, one search.
 */
public final class CapacityFractions {

    private CapacityFractions() {
    }

    /**
     * The identity of a cell's search: its {@code capacity_search} without the fraction. Cells with equal keys (in one
     * session group) share one search; null for a cell without one.
     */
    public static String searchKey(ObjectNode config) {
        if (!(config.path("server").path("capacity_search") instanceof ObjectNode search)) {
            return null;
        }
        ObjectNode copy = search.deepCopy();
        copy.remove("measure_fractions");
        return CanonicalJson.of(copy);
    }

    /** Replaces, in place and in order, each cell of several fractions by one cell per fraction. */
    static void split(List<CellResolver.Resolved> resolved, List<StudyExpander.Draft> drafts) {
        List<CellResolver.Resolved> outResolved = new ArrayList<>();
        List<StudyExpander.Draft> outDrafts = new ArrayList<>();
        for (int i = 0; i < resolved.size(); i++) {
            CellResolver.Resolved r = resolved.get(i);
            StudyExpander.Draft d = drafts.get(i);
            if (!(r.experiment().path("server").path("capacity_search").path("measure_fractions")
                    instanceof ArrayNode fractions) || fractions.size() < 2) {
                outResolved.add(r);
                outDrafts.add(d);
                continue;
            }
            for (int k = 0; k < fractions.size(); k++) {
                ObjectNode experiment = r.experiment().deepCopy();
                ObjectNode search = (ObjectNode) experiment.path("server").path("capacity_search");
                search.putArray("measure_fractions").add(fractions.get(k).deepCopy());
                outResolved.add(new CellResolver.Resolved(r.study(), experiment));
                String part = "capacity × " + String.format(Locale.ROOT, "%s", fractions.get(k).asText());
                outDrafts.add(new StudyExpander.Draft(d.tree(), d.source(),
                        d.label().isEmpty() ? part : d.label() + " · " + part, d.sweptPaths()));
            }
        }
        resolved.clear();
        resolved.addAll(outResolved);
        drafts.clear();
        drafts.addAll(outDrafts);
    }
}
