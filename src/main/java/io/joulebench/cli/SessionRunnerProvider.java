package io.joulebench.cli;

import io.joulebench.core.session.SessionRunner;

/**
 * Where {@code run} and {@code resume} get the session runner that launches servers and measures levels. The default
 * is wired by the composition root; tests pass their own, and a child JVM can name one with the system property
 * {@value #PROPERTY} (a class with a no-argument constructor, used by the crash-consistency IT).
 */
@FunctionalInterface
public interface SessionRunnerProvider {

    String PROPERTY = "joulebench.sessionRunnerProvider";

    SessionRunner sessionRunner();

    /** The provider named by {@value #PROPERTY}, else the real one: launchers, meters and the reference engine. */
    static SessionRunnerProvider fromSystem() {
        String name = System.getProperty(PROPERTY);
        if (name == null || name.isBlank()) {
            return io.joulebench.engine.Sessions::defaultRunner;
        }
        try {
            return (SessionRunnerProvider) Class.forName(name.strip()).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("-D" + PROPERTY + "=" + name + " does not name a session runner provider", e);
        }
    }

    /** No session runner in this build: run and resume fail with one clear line (exit 1). */
    static SessionRunnerProvider unavailable() {
        return () -> {
            throw new IllegalStateException("no session runner available in this build: studies can be validated"
                    + " and planned (run --dry-run) but not run");
        };
    }
}
