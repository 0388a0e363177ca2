package io.joulebench.core.server;

import java.time.Duration;

/**
 * Starts an inference server, waits until it serves real requests, and stops it without leaking anything.
 * Implementations: {@link DockerServerLauncher}, {@link ProcessServerLauncher}, {@link InProcessServerLauncher}.
 */
public interface ServerLauncher {

    /** Starts the server on a free loopback port. A failed start leaves nothing behind. */
    ServerHandle launch(LaunchSpec spec) throws ServerLaunchException;

    /**
     * Blocks until the health path and then the probe answer 200, all within {@code timeout}.
     * A server that dies meanwhile fails at once with {@link ServerLaunchException}; a timeout fails with
     * {@link ServerReadinessException}. Either way the caller still owns the handle and must {@link #shutdown} it.
     */
    default void awaitReady(ServerHandle handle, ReadinessProbe probe, Duration timeout)
            throws ServerException, InterruptedException {
        new ReadinessChecker().await(handle, probe, timeout, this::diedDuringStartup);
    }

    /** Stops the server: polite first, forceful after {@code grace}. Idempotent, never throws. */
    void shutdown(ServerHandle handle, Duration grace);

    /** The error for a server found dead during readiness; launchers add their cleanup (e.g. log capture). */
    default ServerLaunchException diedDuringStartup(ServerHandle handle) {
        return new ServerLaunchException("server " + handle.describe() + " exited during startup",
                handle.logTail(ReadinessChecker.LOG_TAIL_CHARS));
    }
}
