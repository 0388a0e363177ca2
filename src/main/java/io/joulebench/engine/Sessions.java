package io.joulebench.engine;

import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.server.DockerClients;
import io.joulebench.core.server.PidFiles;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.time.Clock;

/**
 * The default wiring of sessions for the CLI and the workbench: the system clock, the reference engine in-process,
 * Docker from {@code DOCKER_HOST}, the standard pid-file folder, default meter settings, and this JVM as the
 * {@code joulebench engine} child command.
 */
public final class Sessions {

    private Sessions() {
    }

    public static SessionEnvironment defaultEnvironment() {
        Clock clock = Clock.system();
        return new SessionEnvironment(clock, new ReferenceEngineServerFactory(clock), DockerClients::fromEnvironment,
                PidFiles.defaultDir(), MeterSelector.Config.defaults(), SessionEnvironment.currentJvmCommand(),
                SessionEnvironment.DEFAULT_SHUTDOWN_GRACE);
    }

    public static SessionRunner defaultRunner() {
        return new DefaultSessionRunner(defaultEnvironment());
    }
}
