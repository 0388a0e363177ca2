package io.joulebench.core.traffic;

/**
 * Receives each request as it reaches its terminal state, so a level of millions of requests is aggregated as it
 * runs instead of kept. Called concurrently from dispatch threads: implementations are thread-safe and quick.
 */
@FunctionalInterface
public interface RequestListener {

    RequestListener NONE = record -> { };

    void onTerminal(RequestRecord record);
}
