package io.joulebench.core.study;

import java.util.List;

/**
 * What running a study will do: cells in dispatch order (with hash and cycle), the session groups (one launch
 * each), the number of launches and measured windows, the estimated wall time, and notes and warnings for the user.
 * The CLI's {@code validate} and {@code run --dry-run} and the GUI's plan preview all show this.
 */
public record StudyPlan(Study study, List<ResolvedCell> cells, List<SessionGroup> groups, int launches,
                        int totalWindows, WallTimeEstimate estimate, List<String> warnings) {

    public StudyPlan {
        cells = List.copyOf(cells);
        groups = List.copyOf(groups);
        warnings = List.copyOf(warnings);
    }

    /** Orders, groups and estimates a validated study. */
    public static StudyPlan of(Study study) {
        List<ResolvedCell> cells = DispatchOrder.order(study.cells(), study.execution(), study.designHash());
        List<SessionGroup> groups = SessionGrouping.partition(cells);
        int windows = 0;
        for (ResolvedCell c : cells) {
            windows += c.isServer() ? WallTimeEstimator.measuredLevels(c.experiment().server())
                    * c.experiment().server().windowsPerLevel() : 1;
        }
        List<String> warnings = new java.util.ArrayList<>(study.warnings());
        SessionGrouping.sequentialHint(study.cells(), study.execution()).ifPresent(warnings::add);
        warnings.addAll(EndpointChecks.meterScopeWarnings(study.cells()));
        int launches = (int) groups.stream().filter(g -> !io.joulebench.core.server.Runner.ENDPOINT.is(
                cells.get(g.cellIndices().getFirst()).experiment().runner())).count(); // an attached server is not launched
        return new StudyPlan(study, cells, groups, launches, windows,
                WallTimeEstimator.estimate(cells, groups, study.execution()), warnings);
    }

    /**
     * The cell's level index: its position in its session group of this plan, the {@code L} of its window ids. It is
     * the one level index of a run: the window manager's events, the window records, the request-log rows, the level
     * results and the views all carry it, and a resume that runs only part of a group keeps it. {@code -1} for a
     * cell this plan does not hold.
     */
    public int levelOf(ResolvedCell cell) {
        for (SessionGroup group : groups) {
            List<Integer> indices = group.cellIndices();
            for (int position = 0; position < indices.size(); position++) {
                ResolvedCell c = cells.get(indices.get(position));
                if (c.configHash().equals(cell.configHash()) && c.cycle() == cell.cycle()) {
                    return position;
                }
            }
        }
        return -1;
    }

    /** Of one session's cells, the one at plan level {@code levelIndex} (see {@link #levelOf}), or null. */
    public ResolvedCell cellAtLevel(List<ResolvedCell> sessionCells, int levelIndex) {
        for (ResolvedCell c : sessionCells) {
            if (levelOf(c) == levelIndex) {
                return c;
            }
        }
        return null;
    }

    /** The group index of each cell, in dispatch order. */
    public int groupOf(int cellIndex) {
        for (int g = 0; g < groups.size(); g++) {
            if (groups.get(g).cellIndices().contains(cellIndex)) {
                return g;
            }
        }
        throw new IllegalArgumentException("no cell " + cellIndex);
    }
}
