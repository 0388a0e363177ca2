package io.joulebench.core.energy;

/** A meter that cannot be opened or read; the message says why and, where there is one, what to do. */
public class MeterException extends RuntimeException {

    public MeterException(String message) {
        super(message);
    }

    public MeterException(String message, Throwable cause) {
        super(message, cause);
    }
}
