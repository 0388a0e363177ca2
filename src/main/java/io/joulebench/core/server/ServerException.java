package io.joulebench.core.server;

/** A server could not be launched or did not become ready. Carries the tail of the server's log. */
public abstract sealed class ServerException extends Exception permits ServerLaunchException, ServerReadinessException {

    private final String logTail;

    protected ServerException(String message, String logTail, Throwable cause) {
        super(message, cause);
        this.logTail = logTail == null ? "" : logTail;
    }

    /** The last characters of the server's log when the failure was seen (may be empty). */
    public String logTail() {
        return logTail;
    }
}
