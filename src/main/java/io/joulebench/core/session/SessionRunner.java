package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.util.List;

/**
 * Runs one group of cells (one server session, or one offline cell) to the end. The study runner calls it once per
 * group in dispatch order, skipping credited cells.
 */
public interface SessionRunner {

    /**
     * Launches, warms, measures every level and tears down; reports everything to {@code sink} as it happens. The
     * cells are {@code plan}'s (all or the uncredited part of one of its groups): each level carries its index in
     * that group ({@link StudyPlan#levelOf}).
     * Failures that end the group are reported through {@link SessionSink#cellFailed} and do not throw.
     *
     * @throws InterruptedException when the run was interrupted; levels that closed cleanly have been credited and
     *                              the server has been torn down before this is thrown
     */
    void runGroup(StudyPlan plan, List<ResolvedCell> cells, SessionSink sink, StudyRunListener listener)
            throws InterruptedException;
}
