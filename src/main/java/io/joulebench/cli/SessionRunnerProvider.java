package io.joulebench.cli;

import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.engine.ReferenceEngineServerFactory;
import java.util.List;

/**
 * Where {@code run} and {@code resume} get the session runner that launches servers and measures levels. The default
 * is wired by the composition root; tests pass their own, and a child JVM can name one with the system property
 * {@value #PROPERTY} (a class with a no-argument constructor, used by the crash-consistency IT).
 */
@FunctionalInterface
public interface SessionRunnerProvider {

    String PROPERTY = "joulebench.sessionRunnerProvider";

    SessionRunner sessionRunner();

    /**
     * A session runner whose meters measure exactly {@code gpuIndices} (the devices a batch scheduler allocated to
     * a worker's job). Providers that bring their own parts ignore the selection.
     */
    default SessionRunner sessionRunner(List<Integer> gpuIndices) {
        return sessionRunner();
    }

    /**
     * The provider named by {@value #PROPERTY}, else the real one over {@code host}: launchers, meters and the
     * reference engine.
     */
    static SessionRunnerProvider fromSystem(HostEnvironment host) {
        String name = System.getProperty(PROPERTY);
        if (name == null || name.isBlank()) {
            return new SessionRunnerProvider() {
                @Override
                public SessionRunner sessionRunner() {
                    return defaultRunner(host);
                }

                @Override
                public SessionRunner sessionRunner(List<Integer> gpuIndices) {
                    return new DefaultSessionRunner(SessionEnvironment.standard(host,
                            new ReferenceEngineServerFactory(host.clock())), gpuIndices);
                }
            };
        }
        try {
            return (SessionRunnerProvider) Class.forName(name.strip()).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("-D" + PROPERTY + "=" + name + " does not name a session runner provider", e);
        }
    }

    /**
     * The CLI's composition of a session runner: the standard session environment over {@code host}, with the
     * reference engine as the in-process engine seam.
     */
    static SessionRunner defaultRunner(HostEnvironment host) {
        return new DefaultSessionRunner(SessionEnvironment.standard(host,
                new ReferenceEngineServerFactory(host.clock())));
    }

    /** No session runner in this build: run and resume fail with one clear line (exit 1). */
    static SessionRunnerProvider unavailable() {
        return () -> {
            throw new IllegalStateException("no session runner available in this build: studies can be validated"
                    + " and planned (run --dry-run) but not run");
        };
    }
}
