package io.joulebench.core.traffic;

/** A {@link Transport} that streams OpenAI-compatible completions over a pooled HTTP client it owns. */
public interface StreamingTransport extends Transport, AutoCloseable {

    OpenAiEndpoint endpoint();

    /** Releases the client's connections and threads; idempotent. */
    @Override
    void close();
}
