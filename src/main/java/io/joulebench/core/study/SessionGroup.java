package io.joulebench.core.study;

import java.util.List;

/** Cells (indices into the plan's dispatch order) that share one server launch, one level per cell. */
public record SessionGroup(List<Integer> cellIndices) {

    public SessionGroup {
        cellIndices = List.copyOf(cellIndices);
    }

    public int size() {
        return cellIndices.size();
    }
}
