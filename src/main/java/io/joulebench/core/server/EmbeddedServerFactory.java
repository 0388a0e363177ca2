package io.joulebench.core.server;

/** Starts an {@link EmbeddedServer} for a spec whose port is already chosen ({@code spec.port() > 0}). */
@FunctionalInterface
public interface EmbeddedServerFactory {

    EmbeddedServer start(LaunchSpec spec) throws Exception;
}
