package io.joulebench.core.window;

/** Opens the request log of one level with {@code windowCount} windows. */
@FunctionalInterface
public interface RequestLogFactory {

    RequestLogFactory NONE = (levelIndex, windowCount) -> RequestLogSink.NONE;

    RequestLogSink open(int levelIndex, int windowCount);
}
