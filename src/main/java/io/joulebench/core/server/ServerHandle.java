package io.joulebench.core.server;

import java.net.URI;

/** One launched server: where it listens, whether it still lives, and what it logged. */
public interface ServerHandle {

    /** {@code http://127.0.0.1:<port>} (no trailing slash). */
    URI baseUrl();

    int port();

    /** A short description for logs: container name and id, pid, or "in-process". Never contains secrets. */
    String describe();

    /** The last {@code chars} characters of the server's stdout+stderr; empty when nothing is available. */
    String logTail(int chars);

    /** Cheap liveness check: process alive, container running, embedded server open. */
    boolean isAlive();
}
