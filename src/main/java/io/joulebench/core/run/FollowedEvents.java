package io.joulebench.core.run;

import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RecordedEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A run followed from its results folder's events to its real end, across sessions: a resume appends a second
 * session after the first one's {@code study_finished} (interrupted). The run has ended when the last event read is
 * a {@link RunEvent.StudyFinished}, nothing follows it in the file, and no process runs the folder any more (a resume
 * claims it before it writes). {@code watch} and the workbench's follower both ask this.
 */
public final class FollowedEvents {

    private final EventTail tail;
    private final Path dir;
    private final Predicate<Path> running;
    private RunEvent.Outcome last;
    private boolean levelInterrupted;

    /** @param running whether a process runs the folder now ({@link RunProcess#find}) */
    public FollowedEvents(Path dir, Predicate<Path> running) {
        this.dir = dir;
        this.tail = EventTail.of(dir);
        this.running = running;
    }

    public static FollowedEvents of(Path dir) {
        return new FollowedEvents(dir, d -> RunProcess.find(d).isPresent());
    }

    /** The events appended since the last poll, in order. */
    public List<RecordedEvent> poll() throws IOException {
        List<RecordedEvent> events = tail.poll();
        for (RecordedEvent r : events) {
            switch (r.event()) {
                case RunEvent.StudyStarted s -> {
                    last = null;
                    levelInterrupted = false;
                }
                case RunEvent.LevelFinished l -> levelInterrupted |= l.interrupted();
                case RunEvent.StudyFinished f -> last = outcome(f, levelInterrupted);
                default -> {
                }
            }
        }
        return events;
    }

    /** How the run ended, once it has; empty while it runs (or a resume of it may still append). */
    public Optional<RunEvent.Outcome> ended() {
        if (last == null || !tail.atEnd()) {
            return Optional.empty();
        }
        return last == RunEvent.Outcome.FINISHED || !running.test(dir) ? Optional.of(last) : Optional.empty();
    }

    /**
     * A session's outcome; a file written before the outcome was recorded says it through its levels (an
     * interrupted level), never through its line.
     */
    public static RunEvent.Outcome outcome(RunEvent.StudyFinished f, boolean levelInterrupted) {
        if (f.outcome() != null) {
            return f.outcome();
        }
        return levelInterrupted ? RunEvent.Outcome.INTERRUPTED : RunEvent.Outcome.FINISHED;
    }
}
