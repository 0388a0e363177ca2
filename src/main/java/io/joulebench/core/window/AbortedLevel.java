package io.joulebench.core.window;

import java.util.List;

/**
 * What is left of a level that failed after its ramp (spec §2.8).
 *
 * @param abortedWindowIndex the window open (or closing) when it failed; null when it failed in the drain
 * @param reason             {@code aborted: <cause>}, {@code close failed: <cause>} or {@code drain failed: <cause>};
 *                           the cause is {@code cancelled} for an interrupt
 * @param completedWindows   the windows that closed cleanly, in order, with their bracket results and aggregates
 */
public record AbortedLevel(int levelIndex, Integer abortedWindowIndex, String reason,
                           List<WindowRecord> completedWindows) {

    public AbortedLevel {
        completedWindows = List.copyOf(completedWindows);
    }
}
