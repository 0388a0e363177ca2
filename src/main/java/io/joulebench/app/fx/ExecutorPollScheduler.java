package io.joulebench.app.fx;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Polls on one named daemon thread; shut down by {@link #close()} when the workbench exits. */
public final class ExecutorPollScheduler implements PollScheduler, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutorPollScheduler.class);

    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "joulebench-ui-poll");
        t.setDaemon(true);
        return t;
    });

    @Override
    public Handle schedule(Duration period, Runnable task) {
        AtomicBoolean warned = new AtomicBoolean();
        ScheduledFuture<?> future = executor.scheduleAtFixedRate(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                // A failed poll must not end the schedule; the next tick tries again. Warn once, not 10 times a second.
                if (warned.compareAndSet(false, true)) {
                    LOG.warn("Live poll failed; later failures of this schedule are logged at debug level", e);
                } else {
                    LOG.debug("Live poll failed", e);
                }
            }
        }, 0, period.toNanos(), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
