package io.joulebench.core.server;

import java.net.URI;

/** A server running inside this JVM (the reference engine, adapted by the composition root). */
public interface EmbeddedServer extends AutoCloseable {

    URI baseUrl();

    boolean isAlive();

    /** Recent log lines, if the server keeps any. */
    default String logTail(int chars) {
        return "";
    }

    /** Stops serving; idempotent. */
    @Override
    void close();
}
