package io.joulebench.app.live;

import java.nio.file.Path;

/** Starts, cancels and resumes study runs for the live view. Calls return at once; progress comes via the feed. */
public interface RunController {

    /** Whether this controller can run studies at all (false when no runner is wired into the workbench). */
    boolean available();

    /** Runs the study the editor holds. */
    void start();

    /** Applies the interrupt semantics: stop traffic, credit finished levels, reap servers, close meters. */
    void cancel();

    /** Continues an interrupted results folder. */
    void resume(Path resultsFolder);

    /** Whether a run (its teardown included) is under way. */
    default boolean running() {
        return false;
    }

    /**
     * Waits up to {@code timeout} for a run and its teardown to end (after {@link #cancel()}, before exit).
     *
     * @return true when nothing runs any more
     */
    default boolean awaitIdle(java.time.Duration timeout) throws InterruptedException {
        return true;
    }

    /** The question asked before {@link #cancel()}; null: the live view's own. */
    default String cancelQuestion() {
        return null;
    }

    /** Whether this controller can follow a results folder that another process writes. */
    default boolean canFollow() {
        return false;
    }

    /** Shows the run that writes {@code folder} (or wrote it) in the live view, until a run starts here. */
    default void follow(Path folder) {
        throw new UnsupportedOperationException("following a results folder is not available in this workbench");
    }

    /** Shows the workbench's own runs again. */
    default void stopFollowing() {
    }

    /** The folder followed now; null when the live view shows this workbench's own run. */
    default Path followedFolder() {
        return null;
    }
}
