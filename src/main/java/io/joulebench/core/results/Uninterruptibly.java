package io.joulebench.core.results;

import io.joulebench.core.Threads;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Runs file writes where an interrupt cannot reach them, and hands a pending interrupt back after. NIO file channels
 * close themselves when their thread is interrupted, and a session credits its closed levels exactly while a cancel
 * may arrive: clearing the flag first was not enough, since a SIGINT that lands during the writes interrupted them
 * (a level whose windows had all closed was lost, its cell failed with no result). So the action runs on a writer
 * thread of its own, which nobody interrupts, and the caller waits for it without giving up on an interrupt; the
 * caller's interrupt (before or during) is set again when the action is done. Nested calls on the writer thread run
 * inline. An action that takes a lock its caller holds must be called without holding it (see
 * {@link ResultsFolder#levelClosed}).
 */
final class Uninterruptibly {

    private static final ThreadLocal<Boolean> ON_WRITER = ThreadLocal.withInitial(() -> false);

    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    private Uninterruptibly() {
    }

    static void run(IoAction action) throws IOException {
        if (ON_WRITER.get()) {
            action.run();
            return;
        }
        Throwable[] failure = new Throwable[1];
        Thread writer = Thread.ofPlatform().name("joulebench-results-write").daemon().unstarted(() -> {
            ON_WRITER.set(true);
            try {
                action.run();
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        writer.start();
        Threads.joinUninterruptibly(writer);
        Throwable t = failure[0];
        if (t instanceof IOException io) {
            throw io;
        } else if (t instanceof RuntimeException r) {
            throw r;
        } else if (t instanceof Error err) {
            throw err;
        } else if (t != null) {
            throw new UncheckedIOException(new IOException(t));
        }
    }
}
