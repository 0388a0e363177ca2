package io.joulebench.core.window;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Delivers {@link WindowListener} events, logging and ignoring a listener's failure. */
final class Events {

    private static final Logger LOG = LoggerFactory.getLogger(Events.class);

    private final WindowListener listener;

    Events(WindowListener listener) {
        this.listener = listener;
    }

    void levelStarted(int level, WindowSpec spec) {
        deliver("levelStarted", () -> listener.levelStarted(level, spec));
    }

    void rampFinished(int level, long spanStart) {
        deliver("rampFinished", () -> listener.rampFinished(level, spanStart));
    }

    void windowOpened(int level, int window, long spanStart) {
        deliver("windowOpened", () -> listener.windowOpened(level, window, spanStart));
    }

    void windowClosed(WindowRecord record) {
        deliver("windowClosed", () -> listener.windowClosed(record));
    }

    void levelValidated(LevelOutcome outcome) {
        deliver("levelValidated", () -> listener.levelValidated(outcome));
    }

    void levelAborted(AbortedLevel aborted) {
        deliver("levelAborted", () -> listener.levelAborted(aborted));
    }

    private static void deliver(String event, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("window listener failed on {}; the level goes on", event, e);
        }
    }
}
