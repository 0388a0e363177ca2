package io.joulebench.core.window;

/**
 * Receives every request of a level as a row, as it finishes, so rows are spilled rather than kept. Calls are
 * serialised by the window manager. {@link #close()} ends the level, aborted or not; it is idempotent.
 */
public interface RequestLogSink extends AutoCloseable {

    RequestLogSink NONE = new RequestLogSink() {
        @Override
        public void row(RequestLogRow row) {
        }

        @Override
        public void close() {
        }
    };

    void row(RequestLogRow row);

    /**
     * Each request's attributed energy (joules by request index), known once the level's windows closed; called
     * before {@link #close()}, never on an aborted level. A sink that keeps no such column ignores it.
     */
    default void attributed(java.util.Map<Long, Double> joulesByRequest) {
    }

    @Override
    void close();
}
