package io.joulebench.app.fx;

import java.time.Duration;

/** Runs a task at a fixed rate until the returned handle is closed. */
@FunctionalInterface
public interface PollScheduler {

    /** A running schedule; closing it stops further runs. */
    interface Handle extends AutoCloseable {
        @Override
        void close();
    }

    Handle schedule(Duration period, Runnable task);
}
