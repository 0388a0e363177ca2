package io.joulebench.core.server;

/** The server could not be started, or it died (exited, container stopped) before it became ready. */
public final class ServerLaunchException extends ServerException {

    public ServerLaunchException(String message, String logTail, Throwable cause) {
        super(message, logTail, cause);
    }

    public ServerLaunchException(String message, String logTail) {
        this(message, logTail, null);
    }
}
