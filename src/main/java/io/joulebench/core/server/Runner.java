package io.joulebench.core.server;

import io.joulebench.core.WireName;

import java.util.List;
import java.util.Optional;

/**
 * How a study runs its engine ({@code runners.<engine>}): in this JVM (the reference engine only), as a child process,
 * in a container ({@code container:<image>} names the image), or not at all: {@code endpoint} attaches to a server
 * that is already deployed at {@code <engine>.url}. Core publishes the choices; the schema, the session wiring and the
 * editor ask here.
 */
public enum Runner implements WireName {
    /** In this JVM: the reference engine only. */
    IN_PROCESS,
    /** A child process on this machine. */
    PROCESS,
    /** A Docker container. */
    CONTAINER,
    /** A server already running at {@code <engine>.url}: attached to, never launched, restarted or stopped. */
    ENDPOINT;

    private static final List<String> WIRES = WireName.wires(Runner.class);

    /** Every spelling ({@code runners.<engine>}), in the order the editor lists them. */
    public static List<String> wires() {
        return WIRES;
    }

    /** The runner a study's value names ({@code container:<image>} is {@link #CONTAINER}), if it is one. */
    public static Optional<Runner> of(String value) {
        if (value == null) {
            return Optional.empty();
        }
        return WireName.parse(Runner.class, value.startsWith(CONTAINER.wire() + ":") ? CONTAINER.wire() : value);
    }

    /** The image a {@code container:<image>} value names; empty for every other value, plain {@code container} too. */
    public static Optional<String> image(String value) {
        String prefix = CONTAINER.wire() + ":";
        return value != null && value.startsWith(prefix) && value.length() > prefix.length()
                ? Optional.of(value.substring(prefix.length())) : Optional.empty();
    }

    /** Whether this runner starts and stops the server itself (every runner but {@link #ENDPOINT}). */
    public boolean launches() {
        return this != ENDPOINT;
    }

    /** Whether the study's runner value is this runner. */
    public boolean is(String value) {
        return of(value).orElse(null) == this;
    }
}
