package io.joulebench.core.server;

/**
 * Runs a launcher's teardown of a server with the caller's interrupt flag cleared, then sets the flag again: an
 * interrupted caller (a SIGINT) must still stop the server, save its log and remove it, and the Docker HTTP client
 * and file channels refuse an interrupted thread.
 */
final class Teardown {

    private Teardown() {
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
