package io.joulebench.core.results;

import java.util.Locale;

/** Where a (config hash, cycle) stands in a results folder's manifest. */
public enum CellStatus {
    /** Not started yet, or interrupted before any of its windows could be credited. */
    PENDING,
    /** Its level is running (or was, when the process died: resume reruns it). */
    RUNNING,
    /** Its level closed valid; its windows are credited. */
    COMPLETED,
    /** Its level closed invalid (windows credited, with the reason) or it failed before any window (rerun on resume). */
    FAILED;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CellStatus fromWire(String s) {
        return valueOf(s.toUpperCase(Locale.ROOT));
    }
}
