package io.joulebench.app.live;

import java.util.List;

/**
 * A trace replay's request rate on the run's time axis: what the trace schedules (its slice's instants over
 * {@code time_scale}, in fine bins from each replay level's start) beside what was achieved (requests issued in each
 * closed window over the window's length), with the totals of both over the closed windows. Empty for a run
 * without a replay.
 *
 * @param scheduled        steps of the scheduled rate (req/s) at run seconds
 * @param achieved         steps of the issued rate (req/s) per closed window, at run seconds
 * @param scheduledInWindows rows the trace scheduled inside the closed windows
 * @param issuedInWindows    requests issued inside them
 */
public record ReplayRateModel(List<Point> scheduled, List<Point> achieved, long scheduledInWindows,
                              long issuedInWindows) {

    /** One corner of a step line: run seconds and requests per second. */
    public record Point(double tSeconds, double reqPerS) {
    }

    public static final ReplayRateModel EMPTY = new ReplayRateModel(List.of(), List.of(), 0, 0);

    public ReplayRateModel {
        scheduled = List.copyOf(scheduled);
        achieved = List.copyOf(achieved);
    }

    /** The run replays a trace (its schedule is known). */
    public boolean present() {
        return !scheduled.isEmpty();
    }

    /** "issued 412 of 415 scheduled in the closed windows (99.3 %)", or what is still to come. */
    public String caption() {
        if (!present()) {
            return "";
        }
        if (scheduledInWindows == 0 && issuedInWindows == 0) {
            return "Trace schedule at its time_scale; the achieved rate follows as windows close";
        }
        String share = scheduledInWindows == 0 ? "" : String.format(java.util.Locale.ROOT, " (%.1f %%)",
                100.0 * issuedInWindows / scheduledInWindows);
        return "Issued " + issuedInWindows + " of " + scheduledInWindows + " scheduled in the closed windows" + share;
    }
}
