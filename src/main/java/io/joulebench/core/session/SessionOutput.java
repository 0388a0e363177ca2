package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the cells of a session report: the sink that persists them, the listener that shows them and the tally of
 * the session block. A failure to persist is logged, never raised: the next level still runs.
 */
record SessionOutput(String sessionId, SessionSink sink, StudyRunListener listener, SessionTally tally) {

    private static final Logger LOG = LoggerFactory.getLogger(SessionOutput.class);

    /** Marks {@code cell} running in this session. */
    void cellStarted(ResolvedCell cell) {
        try {
            sink.cellStarted(cell, sessionId);
        } catch (IOException | RuntimeException e) {
            LOG.error("cannot mark cell {} running: {}", cell.label(), e.toString(), e);
        }
    }

    /**
     * Counts, persists and announces a closed level.
     *
     * @param what the level as the log names it ("level 2", "the offline result")
     */
    void levelClosed(LevelResult result, String what) {
        tally.level(result);
        try {
            sink.levelClosed(result, tally.block());
        } catch (IOException | RuntimeException e) {
            LOG.error("session {}: persisting {} failed: {}", sessionId, what, e.toString(), e);
        }
        listener.levelResult(result);
    }

    /** Marks each of {@code cells} failed with the reason. */
    void cellsFailed(List<ResolvedCell> cells, String type, String reason) {
        for (ResolvedCell cell : cells) {
            try {
                sink.cellFailed(cell, type, reason);
            } catch (IOException | RuntimeException e) {
                LOG.error("cannot mark cell {} failed: {}", cell.label(), e.toString(), e);
            }
        }
    }

    /** Persists a finished capacity search; a failure to write is logged, the run goes on to measure. */
    void capacitySearched(ResolvedCell cell, io.joulebench.core.study.CapacitySearchConfig settings,
            io.joulebench.core.capacity.CapacitySearch.Result result) {
        try {
            sink.capacitySearched(cell, settings, result);
        } catch (IOException | RuntimeException e) {
            LOG.error("session {}: cannot record the capacity search of {}: {}", sessionId, cell.label(), e.toString(),
                    e);
        }
    }

    /** The request log of window {@code window} of {@code cell}'s level {@code level}. */
    Path requestLogPath(ResolvedCell cell, int level, int window) throws IOException {
        return sink.requestLogPath(cell, sessionId, level, window);
    }
}
