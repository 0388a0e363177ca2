package io.joulebench.core.traffic;

/** A failed request. It carries whatever arrived before the failure, so partial tokens stay on the record. */
public class TransportException extends Exception {

    private final transient CompletionResult partial;

    public TransportException(String message, CompletionResult partial, Throwable cause) {
        super(message, cause);
        this.partial = partial == null ? CompletionResult.EMPTY : partial;
    }

    public TransportException(String message, CompletionResult partial) {
        this(message, partial, null);
    }

    public CompletionResult partial() {
        return partial;
    }
}
