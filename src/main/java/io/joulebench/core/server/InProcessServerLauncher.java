package io.joulebench.core.server;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the server inside this JVM through an {@link EmbeddedServerFactory}; the GUI's default. */
public final class InProcessServerLauncher implements ServerLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(InProcessServerLauncher.class);
    private final EmbeddedServerFactory factory;

    public InProcessServerLauncher(EmbeddedServerFactory factory) {
        this.factory = factory;
    }

    @Override
    public ServerHandle launch(LaunchSpec spec) throws ServerLaunchException {
        LaunchSpec bound = spec.port() > 0 ? spec : spec.toBuilder().port(FreePort.pick()).build();
        try {
            EmbeddedServer server = factory.start(bound);
            LOG.info("in-process {} server at {}", spec.engine().id(), server.baseUrl());
            return new InProcessHandle(server, bound.port(), bound);
        } catch (Exception e) {
            throw new ServerLaunchException("could not start the in-process " + spec.engine().id() + " server: "
                    + e.getMessage(), "", e);
        }
    }

    @Override
    public void shutdown(ServerHandle handle, Duration grace) {
        // an interrupted caller (SIGINT) still closes the server and saves its log (a file channel would refuse it)
        Teardown.once(handle, InProcessHandle.class, h -> h.closed, h -> {
            try {
                h.server.close();
            } catch (RuntimeException e) {
                LOG.error("closing the in-process server failed: {}", e.toString());
            }
            String log = h.server.logTail(ProcessServerLauncher.KEPT_LOG_CHARS);
            if (!log.isEmpty()) {
                ServerLogs.save(h.spec, "in-process", log);
            }
        });
    }

    private static final class InProcessHandle implements ServerHandle {
        private final EmbeddedServer server;
        private final int port;
        private final LaunchSpec spec;
        private final AtomicBoolean closed = new AtomicBoolean();

        InProcessHandle(EmbeddedServer server, int port, LaunchSpec spec) {
            this.server = server;
            this.port = port;
            this.spec = spec;
        }

        @Override
        public URI baseUrl() {
            String url = server.baseUrl().toString();
            return URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        }

        @Override
        public int port() {
            return server.baseUrl().getPort() > 0 ? server.baseUrl().getPort() : port;
        }

        @Override
        public String describe() {
            return "in-process server at " + baseUrl();
        }

        @Override
        public String logTail(int chars) {
            return spec.mask(server.logTail(chars));
        }

        @Override
        public boolean isAlive() {
            return !closed.get() && server.isAlive();
        }

        @Override
        public java.util.OptionalLong hostPid() {
            return java.util.OptionalLong.of(ProcessHandle.current().pid());
        }
    }
}
