package io.joulebench.core.server;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a study runs its engine ({@code runners.<engine>}): in this JVM (the reference engine only), as a child process,
 * in a container ({@code container:<image>} names the image), or not at all: {@code endpoint} attaches to a server
 * that is already deployed at {@code <engine>.url}. Core publishes the choices; the schema, the session wiring and the
 * editor ask here.
 */
public enum Runner {
    /** In this JVM: the reference engine only. */
    IN_PROCESS("in-process"),
    /** A child process on this machine. */
    PROCESS("process"),
    /** A Docker container. */
    CONTAINER("container"),
    /** A server already running at {@code <engine>.url}: attached to, never launched, restarted or stopped. */
    ENDPOINT("endpoint");

    private static final List<String> WIRES = Arrays.stream(values()).map(Runner::wire).toList();

    private final String wire;

    Runner(String wire) {
        this.wire = wire;
    }

    /** The spelling in study files ({@code runners.<engine>}). */
    public String wire() {
        return wire;
    }

    /** Every spelling, in the order the editor lists them. */
    public static List<String> wires() {
        return WIRES;
    }

    /** The runner a study's value names ({@code container:<image>} is {@link #CONTAINER}), if it is one. */
    public static Optional<Runner> of(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String kind = value.startsWith(CONTAINER.wire + ":") ? CONTAINER.wire : value;
        for (Runner r : values()) {
            if (r.wire.equals(kind)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** The image a {@code container:<image>} value names; empty for every other value, plain {@code container} too. */
    public static Optional<String> image(String value) {
        String prefix = CONTAINER.wire + ":";
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
