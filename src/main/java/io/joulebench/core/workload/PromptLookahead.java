package io.joulebench.core.workload;

import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ShapeSource;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Function;

/**
 * Builds prompts ahead of the schedule: a named daemon thread takes rows in order from an iterator and builds them
 * into a queue of at most {@code depth} prompts, so that when the issuer asks for request {@code i} its prompt is
 * already made and taking it does not wait. When the builder has fallen behind, the taker waits for it, and
 * {@link #report()} counts that request as {@code late} with the time waited: issuance lateness from prompt building
 * is then visible, never silent.
 *
 * <p>Fits the issuer's seam through {@link #shapes(Function)} (a {@link ShapeSource}); for
 * {@code TraceReplaySource.TraceShapes}, pass {@code (i, entry) -> shapes.shape(i)} over rows made from the same
 * trace slice. Indices must be asked for in increasing order, as the issuer does; skipped ones are dropped.
 */
public final class PromptLookahead implements AutoCloseable {

    /** Prompts handed out, how many were not ready when asked for, and the total time spent waiting for them. */
    public record Report(int taken, int late, long waitedNanos) {
    }

    private sealed interface Item permits Built, Failed, End {
    }

    private record Built(BuiltPrompt prompt) implements Item {
    }

    private record Failed(int index, Exception cause) implements Item {
    }

    private record End() implements Item {
    }

    private final BlockingQueue<Item> queue;
    private final Thread thread;
    private int next;
    private boolean ended;
    // written only by the one taker (under the lock), read by report() without it: a live view never waits on a taker
    private volatile int taken;
    private volatile int late;
    private volatile long waitedNanos;
    private volatile boolean waiting;

    /** Starts building at once. */
    public PromptLookahead(ExactLengthPromptBuilder builder, Iterator<PromptRow> rows, int depth) {
        Objects.requireNonNull(builder, "builder");
        Objects.requireNonNull(rows, "rows");
        if (depth < 1) {
            throw new IllegalArgumentException("look-ahead depth must be >= 1, got " + depth);
        }
        this.queue = new ArrayBlockingQueue<>(depth);
        this.thread = Thread.ofPlatform().daemon().name("joulebench-prompt-builder").start(() -> build(builder, rows));
    }

    private void build(ExactLengthPromptBuilder builder, Iterator<PromptRow> rows) {
        int index = 0;
        try {
            while (rows.hasNext()) {
                try {
                    queue.put(new Built(builder.build(index, rows.next())));
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    queue.put(new Failed(index, e));
                    return;
                }
                index++;
            }
            queue.put(new End());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed
        }
    }

    /**
     * The prompt of request {@code index}, waiting for the builder only when it has fallen behind.
     *
     * @throws IllegalStateException   when the prompt could not be built, or {@code index} was already taken
     * @throws NoSuchElementException  when the rows ended before {@code index}
     */
    public synchronized BuiltPrompt take(int index) {
        if (index < next) {
            throw new IllegalStateException("prompt " + index + " was asked for after prompt " + (next - 1));
        }
        while (true) {
            if (ended) {
                throw new NoSuchElementException("the workload has no row " + index + " (it has " + next + ")");
            }
            Item item = queue.poll();
            if (item == null) {
                item = waitForBuilder(index);
            }
            switch (item) {
                case End e -> ended = true;
                case Failed f -> throw new IllegalStateException("could not build prompt " + f.index() + ": "
                        + f.cause().getMessage(), f.cause());
                case Built b -> {
                    next = b.prompt().index() + 1;
                    if (b.prompt().index() == index) {
                        taken++;
                        return b.prompt();
                    }
                }
            }
        }
    }

    private Item waitForBuilder(int index) {
        late++;
        long from = System.nanoTime();
        waiting = true;
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for prompt " + index, e);
        } finally {
            waiting = false;
            waitedNanos += System.nanoTime() - from;
        }
    }

    /** A shape source over the built prompts; {@code payload} turns a prompt into the request's body. */
    public ShapeSource shapes(Function<BuiltPrompt, RequestShape> payload) {
        Objects.requireNonNull(payload, "payload");
        return index -> payload.apply(take(index));
    }

    /** Never waits, even while a taker waits for the builder. */
    public Report report() {
        return new Report(taken, late, waitedNanos);
    }

    /** Prompts built and not yet taken (at most the depth). */
    public int ready() {
        return queue.size();
    }

    /** True while a taker waits for the builder; for tests that make the builder fall behind. */
    boolean takerWaiting() {
        return waiting;
    }

    /** Stops the builder thread; prompts not taken are dropped. */
    @Override
    public void close() {
        thread.interrupt();
    }
}
