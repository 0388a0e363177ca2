package io.joulebench.testing;

import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.time.Clock;
import io.joulebench.engine.ReferenceEngineServerFactory;
import java.nio.file.Path;

/**
 * The tests' composition root: the same standard session wiring as the CLI and the workbench, over a host whose
 * home is a test's temp folder, so pid files and logs stay in it and nothing touches the developer's home.
 */
public final class TestWiring {

    private TestWiring() {
    }

    /** A host with {@code home} as its home folder, the default Docker daemon and the system clock. */
    public static HostEnvironment host(Path home) {
        return new HostEnvironment(home, null, Clock.system());
    }

    /** The standard session environment over {@code host}, with the reference engine in-process. */
    public static SessionEnvironment referenceEngine(HostEnvironment host) {
        return SessionEnvironment.standard(host, new ReferenceEngineServerFactory(host.clock()));
    }

    public static SessionRunner referenceEngineRunner(HostEnvironment host) {
        return new DefaultSessionRunner(referenceEngine(host));
    }
}
