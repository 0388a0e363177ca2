package io.joulebench.core.session;

import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.server.ReadinessProbe;
import io.joulebench.core.server.ServerHandle;
import io.joulebench.core.server.ServerLaunchException;
import io.joulebench.core.server.ServerLauncher;
import io.joulebench.core.server.ServerReadinessException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** A launcher that launches nothing real; it counts calls, fails where told, and its server dies when told to. */
final class FakeLauncher implements ServerLauncher {

    final AtomicInteger launches = new AtomicInteger();
    final AtomicInteger readies = new AtomicInteger();
    final AtomicInteger shutdowns = new AtomicInteger();
    volatile LaunchSpec spec;
    volatile ReadinessProbe probe;
    boolean failLaunch;
    boolean failReadiness;
    boolean failShutdown;
    /** Cleared to make the server die; its exit code and log are then reported. */
    volatile boolean alive = true;
    volatile int exitCode = 137;
    volatile String log = "";
    /** Runs during readiness (a test advances its virtual clock here: the model load). */
    volatile Runnable whileGettingReady = () -> { };

    @Override
    public ServerHandle launch(LaunchSpec launchSpec) throws ServerLaunchException {
        launches.incrementAndGet();
        spec = launchSpec;
        if (failLaunch) {
            throw new ServerLaunchException("image not found", "");
        }
        return new ServerHandle() {
            @Override
            public URI baseUrl() {
                return URI.create("http://127.0.0.1:1");
            }

            @Override
            public int port() {
                return 1;
            }

            @Override
            public String describe() {
                return "fake server";
            }

            @Override
            public String logTail(int chars) {
                return log.length() <= chars ? log : log.substring(log.length() - chars);
            }

            @Override
            public boolean isAlive() {
                return alive;
            }

            @Override
            public java.util.OptionalInt exitCode() {
                return alive ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(exitCode);
            }
        };
    }

    @Override
    public void awaitReady(ServerHandle handle, ReadinessProbe readinessProbe, Duration timeout)
            throws ServerReadinessException {
        readies.incrementAndGet();
        probe = readinessProbe;
        whileGettingReady.run();
        if (failReadiness) {
            throw new ServerReadinessException("server not ready within " + timeout, 503, "loading");
        }
    }

    @Override
    public void shutdown(ServerHandle handle, Duration grace) {
        shutdowns.incrementAndGet();
        if (failShutdown) {
            throw new IllegalStateException("docker daemon went away");
        }
    }
}
