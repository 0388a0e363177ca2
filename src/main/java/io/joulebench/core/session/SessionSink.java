package io.joulebench.core.session;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.study.CapacitySearchConfig;
import io.joulebench.core.study.ResolvedCell;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Receives what a session produces as it is produced, so nothing measured is lost. Implemented by the results folder
 * ({@code io.joulebench.core.results}); tests use an in-memory sink. Calls come from the session's thread, in order.
 */
public interface SessionSink {

    /** A cell's level is about to start: mark it {@code running}. */
    void cellStarted(ResolvedCell cell, String sessionId) throws IOException;

    /**
     * Where the window manager spills a window's typed request rows while the level runs (a staging path,
     * {@link io.joulebench.core.window.RequestLogSpill}; the sink writes the window's request files from it in
     * {@link #levelClosed}).
     */
    Path requestLogPath(ResolvedCell cell, String sessionId, int levelIndex, int windowIndex) throws IOException;

    /**
     * A level ended. Not interrupted: persist one bundle per window and credit the cell (valid → completed,
     * otherwise failed with the reason). Interrupted: credit nothing and leave the cell {@code running}; the closed
     * windows may be kept as degraded bundles outside the credited ones (resume reruns the level).
     */
    void levelClosed(LevelResult level, SessionBlock preliminary) throws IOException;

    /** A cell failed before any window could be measured (launch, readiness, warmup traffic, baseline). */
    void cellFailed(ResolvedCell cell, String failureType, String reason) throws IOException;

    /**
     * A cell's capacity search finished: record its path and result (never as measured windows). The default keeps
     * nothing.
     */
    default void capacitySearched(ResolvedCell cell, CapacitySearchConfig settings, CapacitySearch.Result result)
            throws IOException {
    }

    /** The session ended: write the final block (drain measured on a clean exit only) into its bundles. */
    void sessionClosed(SessionBlock block) throws IOException;

    /**
     * Where the launcher keeps each session's server log ({@code <session id>.log}, secrets masked) when the server
     * stops or is found dead; null (the default) keeps none.
     */
    default Path serverLogDir() {
        return null;
    }
}
