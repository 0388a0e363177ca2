package io.joulebench.core.capacity;

import java.util.List;

/**
 * A running search's state, for live views: the probes so far and the bracket after the last one.
 *
 * @param bracketLow  highest passing rate so far, 0 if none
 * @param bracketHigh lowest failing rate so far, +Infinity if none
 * @param result      null while running, set once finished
 */
public record SearchProgress(CapacitySearch search, List<Probe> path, double bracketLow, double bracketHigh,
        CapacitySearch.Result result) {

    public SearchProgress {
        path = List.copyOf(path);
    }

    /** Whether the search has ended (its result is set). */
    public boolean finished() {
        return result != null;
    }
}
