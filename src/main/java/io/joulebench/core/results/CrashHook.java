package io.joulebench.core.results;

import java.io.IOException;

/**
 * Named points between the durable steps of crediting a level, for tests that simulate a crash at each one by
 * throwing. Production code uses {@link #NONE}.
 */
@FunctionalInterface
interface CrashHook {

    CrashHook NONE = point -> {
    };

    /** Points: {@code bundle-partial}, {@code bundle-written}, {@code rows-appended}, {@code credited}. */
    void reached(String point) throws IOException;
}
