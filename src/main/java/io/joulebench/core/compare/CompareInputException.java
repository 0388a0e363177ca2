package io.joulebench.core.compare;

/** Bad input to a comparison (a folder that is not a results folder, an unknown SLO key): one line for the user. */
public final class CompareInputException extends RuntimeException {

    public CompareInputException(String message) {
        super(message);
    }

    public CompareInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
