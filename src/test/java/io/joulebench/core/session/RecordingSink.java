package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An in-memory sink: a journal of calls ("started 0", "closed 0 valid", "failed 1 …"), plus what was handed over. */
final class RecordingSink implements SessionSink {

    final List<String> journal = Collections.synchronizedList(new ArrayList<>());
    final List<LevelResult> levels = new ArrayList<>();
    final List<SessionBlock> preliminary = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    final List<SessionBlock> closed = new ArrayList<>();
    private final Path dir;
    boolean failSessionClosed;
    Path serverLogDir;

    RecordingSink(Path dir) {
        this.dir = dir;
    }

    @Override
    public void cellStarted(ResolvedCell cell, String sessionId) {
        journal.add("started " + cell.index());
    }

    @Override
    public Path requestLogPath(ResolvedCell cell, String sessionId, int levelIndex, int windowIndex) {
        return dir.resolve(sessionId + "-L" + levelIndex + "-W" + windowIndex + ".rows");
    }

    @Override
    public void levelClosed(LevelResult level, SessionBlock block) {
        journal.add("closed " + level.cell().index() + (level.interrupted() ? " interrupted"
                : level.valid() ? " valid" : " invalid"));
        levels.add(level);
        preliminary.add(block);
    }

    @Override
    public void cellFailed(ResolvedCell cell, String failureType, String reason) {
        journal.add("failed " + cell.index());
        failures.add(failureType + ": " + reason);
    }

    @Override
    public Path serverLogDir() {
        return serverLogDir;
    }

    @Override
    public void sessionClosed(SessionBlock block) throws IOException {
        journal.add("session closed");
        closed.add(block);
        if (failSessionClosed) {
            throw new IOException("disk full");
        }
    }
}
