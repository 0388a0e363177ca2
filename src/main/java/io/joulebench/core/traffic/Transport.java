package io.joulebench.core.traffic;

/**
 * Sends one request and blocks until it reaches a terminal state. Called on its own (virtual) thread per request;
 * implementations are thread-safe. An interrupt cancels the request: the implementation gives up promptly and throws
 * {@link InterruptedException} (or a {@link TransportException} carrying the partial result).
 */
@FunctionalInterface
public interface Transport {

    CompletionResult send(RequestShape request) throws TransportException, InterruptedException;
}
