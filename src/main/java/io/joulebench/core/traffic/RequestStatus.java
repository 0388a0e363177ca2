package io.joulebench.core.traffic;

/** The three terminal states of a request; {@code label()} is what results files carry. */
public enum RequestStatus {
    /** The transport returned normally. */
    OK,
    /** The transport raised; {@code completedAt} is the failure instant. */
    ERROR,
    /** Cancelled at the drain timeout, including requests never dispatched. */
    TIMEOUT;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
