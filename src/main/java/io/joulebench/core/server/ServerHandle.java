package io.joulebench.core.server;

import java.net.URI;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** One launched server: where it listens, whether it still lives, and what it logged. */
public interface ServerHandle {

    /** {@code http://127.0.0.1:<port>} (no trailing slash): by default the loopback port the server was published on. */
    default URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port());
    }

    int port();

    /** A short description for logs: container name and id, pid, or "in-process". Never contains secrets. */
    String describe();

    /** The last {@code chars} characters of the server's stdout+stderr; empty when nothing is available. */
    String logTail(int chars);

    /** Cheap liveness check: process alive, container running, embedded server open. */
    boolean isAlive();

    /**
     * The exit code of a server that is no longer alive (128+n when killed by signal n; a container's exit code);
     * empty while it runs, or when it has none (the in-process server) or it cannot be read.
     */
    default OptionalInt exitCode() {
        return OptionalInt.empty();
    }

    /**
     * The pid, in this machine's process table, of the server's main process (its tree is what a CPU estimate
     * measures); empty when it runs elsewhere (a remote Docker daemon) or is unknown.
     */
    default OptionalLong hostPid() {
        return OptionalLong.empty();
    }

    /**
     * Headers every request to the server carries: an attached server's {@code Authorization}; empty for a launched
     * one. The values are secret: never log them.
     */
    default java.util.Map<String, String> requestHeaders() {
        return java.util.Map.of();
    }

    /**
     * The registry digest ({@code repo@sha256:…}) of the image a container runs, as Docker reports it; empty for
     * a process or in-process server, or an image that has none (built locally, never pushed or pulled).
     */
    default java.util.Optional<String> imageDigest() {
        return java.util.Optional.empty();
    }
}
