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

    /** The same failure, marked as that of a retry sent at {@code atNanos}. */
    public TransportException retriedAt(long atNanos) {
        TransportException marked = new TransportException(getMessage() + " (on its retry on a fresh connection)",
                partial.retriedAt(atNanos), getCause());
        marked.setStackTrace(getStackTrace());
        return marked;
    }
}
