package io.joulebench.core.results;

import java.io.IOException;

/**
 * Runs file writes with the thread's interrupt flag cleared and restores it after. NIO file channels close themselves
 * when their thread is interrupted, and a session credits its closed levels exactly while an interrupt is pending.
 */
final class Uninterruptibly {

    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    private Uninterruptibly() {
    }

    static void run(IoAction action) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            action.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
