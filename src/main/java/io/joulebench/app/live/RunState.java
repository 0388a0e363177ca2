package io.joulebench.app.live;

/** Where a study run stands, as the live view sees it. */
public enum RunState {
    IDLE, STARTING, RUNNING, CANCELLING, FINISHED, CANCELLED, FAILED;

    /** Whether a run is under way (so Run is off and Cancel is on). */
    public boolean active() {
        return this == STARTING || this == RUNNING || this == CANCELLING;
    }
}
