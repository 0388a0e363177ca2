package io.joulebench.core.server;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs a launcher's teardown of a server with the caller's interrupt flag cleared, then sets the flag again: an
 * interrupted caller (a SIGINT) must still stop the server, save its log and remove it, and the Docker HTTP client
 * and file channels refuse an interrupted thread.
 */
final class Teardown {

    private Teardown() {
    }

    /**
     * Tears {@code handle} down once: nothing when it is another launcher's (not a {@code type}) or its
     * {@code closed} flag is set already; else sets the flag and runs {@code teardown} {@link #uninterrupted}.
     */
    static <H extends ServerHandle> void once(ServerHandle handle, Class<H> type, Function<H, AtomicBoolean> closed,
                                              Consumer<H> teardown) {
        if (type.isInstance(handle)) {
            H h = type.cast(handle);
            if (closed.apply(h).compareAndSet(false, true)) {
                uninterrupted(() -> teardown.accept(h));
            }
        }
    }

    static void uninterrupted(Runnable teardown) {
        boolean interrupted = Thread.interrupted();
        try {
            teardown.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
