package io.joulebench.core.slo;

/** An SLO text ({@code --slo}, the compare view's field) with a bad key or value: one line for the user. */
public final class SloFormatException extends IllegalArgumentException {

    public SloFormatException(String message) {
        super(message);
    }
}
