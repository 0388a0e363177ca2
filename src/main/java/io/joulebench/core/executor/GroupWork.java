package io.joulebench.core.executor;

import io.joulebench.core.study.ResolvedCell;
import java.util.List;

/**
 * One session group of a plan that still has work: its index in {@code StudyPlan.groups()} and its uncredited cells
 * in dispatch order (a resume that runs part of a group keeps the plan's level indices).
 */
public record GroupWork(int groupIndex, List<ResolvedCell> cells) {

    public GroupWork {
        cells = List.copyOf(cells);
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("group " + groupIndex + " has no cells to run");
        }
    }
}
