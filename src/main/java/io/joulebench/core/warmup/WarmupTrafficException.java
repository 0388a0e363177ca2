package io.joulebench.core.warmup;

/**
 * Warmup did not happen: its traffic failed, ended early, or completed no request successfully. The level fails
 * before any window opens and the session aborts.
 */
public class WarmupTrafficException extends RuntimeException {

    public WarmupTrafficException(String message, Throwable cause) {
        super(message, cause);
    }

    public WarmupTrafficException(String message) {
        super(message);
    }
}
