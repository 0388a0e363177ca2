package io.joulebench.app.editor;

import io.joulebench.core.study.ExperimentOrder;
import io.joulebench.core.study.WallTimeEstimate;
import java.util.Map;

/**
 * What the study will cost: launches under its order (and under every other order), measured windows, levels,
 * the wall-time estimate, a hint when another order saves launches, and the arrival preview of the selected rate
 * (null when that rate is not in the plan).
 */
public record PlanPreview(ExperimentOrder order, int launches, Map<ExperimentOrder, Integer> launchesByOrder,
        int levels, int totalWindows, WallTimeEstimate estimate, String orderHint, ArrivalPreview arrival) {

    public PlanPreview {
        launchesByOrder = Map.copyOf(launchesByOrder);
        orderHint = orderHint == null ? "" : orderHint;
    }
}
