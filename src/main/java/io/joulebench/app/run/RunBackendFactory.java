package io.joulebench.app.run;

import io.joulebench.app.live.RunBackend;
import java.util.concurrent.Executor;

/**
 * Builds the workbench's run backend once the rest of it exists: the host gives the editor's study and takes the
 * finished results folder; {@code background} runs long tasks.
 */
@FunctionalInterface
public interface RunBackendFactory {

    RunBackend create(RunHost host, Executor background);

    /** The same, with the workbench's poll schedule (a backend that follows results folders polls on it). */
    default RunBackend create(RunHost host, Executor background, io.joulebench.app.fx.PollScheduler poller) {
        return create(host, background);
    }

    /** A backend that needs nothing from the workbench (tests, the dev launcher). */
    static RunBackendFactory of(RunBackend backend) {
        return (host, background) -> backend;
    }
}
