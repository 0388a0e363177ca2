package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.SessionGroup;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The level index of each cell: its position in its session group of the study's plan (the {@code groups} of
 * resolved.json), which is the {@code L} of its window ids. A resumed session runs only the uncredited cells of a
 * group, so the position in the session would shift; the plan's does not, and ids stay the same in every run and
 * resume of the study.
 */
final class GroupLevels {

    private static final Logger LOG = LoggerFactory.getLogger(GroupLevels.class);

    private final Map<String, Integer> byKey;

    private GroupLevels(Map<String, Integer> byKey) {
        this.byKey = Map.copyOf(byKey);
    }

    static GroupLevels of(Study study) {
        Map<String, Integer> byKey = new HashMap<>();
        try {
            StudyPlan plan = StudyPlan.of(study);
            for (SessionGroup group : plan.groups()) {
                for (int position = 0; position < group.size(); position++) {
                    byKey.put(key(plan.cells().get(group.cellIndices().get(position))), position);
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("cannot re-plan the study for level indices ({}); using positions in the session", e.toString());
        }
        return new GroupLevels(byKey);
    }

    /** The cell's level index in its plan group; {@code positionInSession} for a cell the plan does not know. */
    int of(ResolvedCell cell, int positionInSession) {
        return byKey.getOrDefault(key(cell), positionInSession);
    }

    private static String key(ResolvedCell cell) {
        return cell.configHash() + "-c" + cell.cycle();
    }
}
