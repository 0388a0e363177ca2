package io.joulebench.app.editor;

import io.joulebench.core.study.ClusterWallTime;
import io.joulebench.core.study.ExperimentOrder;
import io.joulebench.core.study.WallTimeEstimate;
import java.util.Map;

/**
 * What the study will cost: launches under its order (and under every other order), measured windows, levels,
 * the wall-time estimate, a hint when another order saves launches, and the arrival preview of the selected rate
 * (null when that rate is not in the plan). Run on a cluster: its jobs, parallelism and wall time there
 * ({@code cluster}, null when run on this machine), or why they are not known ({@code clusterNote}, e.g. the
 * profile's bad key).
 */
public record PlanPreview(ExperimentOrder order, int launches, Map<ExperimentOrder, Integer> launchesByOrder,
        int levels, int totalWindows, WallTimeEstimate estimate, String orderHint, ArrivalPreview arrival,
        ClusterWallTime cluster, String clusterNote) {

    public PlanPreview {
        launchesByOrder = Map.copyOf(launchesByOrder);
        orderHint = orderHint == null ? "" : orderHint;
        clusterNote = clusterNote == null ? "" : clusterNote;
    }

    /** A preview for a run on this machine. */
    public PlanPreview(ExperimentOrder order, int launches, Map<ExperimentOrder, Integer> launchesByOrder,
            int levels, int totalWindows, WallTimeEstimate estimate, String orderHint, ArrivalPreview arrival) {
        this(order, launches, launchesByOrder, levels, totalWindows, estimate, orderHint, arrival, null, "");
    }
}
