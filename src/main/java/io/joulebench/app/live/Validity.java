package io.joulebench.app.live;

/** A window's or level's standing: its level passed the stability gate, failed it, or is not decided yet. */
public enum Validity {
    VALID, INVALID, PENDING
}
