package io.joulebench.core.window;

import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.traffic.TrafficSource;

/**
 * Builds a level's traffic source. The window manager owns {@code listener}, which aggregates each request as it
 * reaches its terminal state; the source's schedule must cover {@code horizonSeconds}.
 */
@FunctionalInterface
public interface TrafficSourceFactory {

    TrafficSource create(RequestListener listener, double horizonSeconds);
}
