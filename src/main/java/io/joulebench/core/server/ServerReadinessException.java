package io.joulebench.core.server;

/** The server stayed alive but did not pass both readiness phases before the deadline. */
public final class ServerReadinessException extends ServerException {

    private final int lastStatus;

    /** @param lastStatus the last HTTP status seen, or -1 when no request ever got an HTTP answer */
    public ServerReadinessException(String message, int lastStatus, String logTail) {
        super(message, logTail, null);
        this.lastStatus = lastStatus;
    }

    public int lastStatus() {
        return lastStatus;
    }
}
