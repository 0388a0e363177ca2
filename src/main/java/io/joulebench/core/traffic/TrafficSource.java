package io.joulebench.core.traffic;

import java.time.Duration;

/**
 * Drives load against a transport. Exactly one method: the window manager sees nothing else, so another source
 * (a trace replay, a LoadGen bridge) plugs in without touching it.
 */
public interface TrafficSource {

    /**
     * Issues the whole schedule, then waits for in-flight requests at most {@code drainTimeout} (null = unbounded)
     * and cancels the rest.
     */
    IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException;
}
