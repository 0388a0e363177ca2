package io.joulebench.core.capacity;

import java.util.List;

/** A running search's state, for live views: the probes so far and the bracket after the last one. */
public record SearchProgress(CapacitySearch search, List<Probe> path, double bracketLow, double bracketHigh,
        CapacitySearch.Result result) {

    public SearchProgress {
        path = List.copyOf(path);
    }
}
