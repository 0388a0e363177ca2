package io.joulebench.core.traffic;

import io.joulebench.core.Threads;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A traffic source running on its own named daemon thread. Cancelling interrupts that thread, which a
 * {@link TrafficSource} treats as "cancel every request".
 */
public final class TrafficRun {

    private final FutureTask<IssuerReport> task;
    private final Thread thread;

    private TrafficRun(FutureTask<IssuerReport> task, Thread thread) {
        this.task = task;
        this.thread = thread;
    }

    public static TrafficRun start(TrafficSource source, Transport transport, Duration drainTimeout, String name) {
        FutureTask<IssuerReport> task = new FutureTask<>(() -> source.run(transport, drainTimeout));
        Thread thread = Thread.ofPlatform().daemon().name(name).unstarted(task);
        thread.start();
        return new TrafficRun(task, thread);
    }

    public boolean isDone() {
        return task.isDone();
    }

    /** Waits for the source to return; its failure is the cause of the {@link ExecutionException}. */
    public IssuerReport await() throws InterruptedException, ExecutionException {
        return task.get();
    }

    /** The failure that ended the source, or null when it returned normally, was cancelled, or still runs. */
    public Throwable failure() {
        if (!task.isDone() || task.isCancelled()) {
            return null;
        }
        try {
            task.get();
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (CancellationException e) {
            return null;
        }
    }

    /** Interrupts the source and waits for its thread to end, even when the caller is itself interrupted. */
    public void cancelAndAwait() {
        task.cancel(true);
        Threads.joinUninterruptibly(thread);
    }
}
