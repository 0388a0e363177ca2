package io.joulebench.core.traffic;

/** Gives the body of request {@code index}; each new traffic source restarts at index 0. */
@FunctionalInterface
public interface ShapeSource {

    RequestShape shape(int index);
}
