package io.joulebench.core.traffic;

import io.joulebench.core.Threads;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.IntFunction;

/**
 * Serialises the open-loop issuer's requests a few ahead of its pacer, on a thread of its own (issue 34): a
 * trace-length prompt's body is then made before its instant, not on the pacer right after the previous write, where a
 * short gap in the schedule made the next request late by the encoding. Requests come out in index order; when the
 * encoder has fallen behind the pacer waits, and that wait shows in the request's lateness.
 *
 * <p>A shape that cannot be made stops the encoder: the pacer gets its exception at that index, as it did when it
 * made shapes itself. A request whose bytes cannot be made is handed on with its failure, to be recorded at its
 * instant. {@link #close} stops the thread and gives back the bytes of requests never taken.
 */
final class EncodeAhead implements AutoCloseable {

    /** How many requests may wait encoded: 16 bodies of a 4,000-token prompt hold about 0.5 MiB. */
    static final int DEPTH = 16;

    /** Request {@code index}: its shape, and its bytes or why they could not be made. */
    record Next(int index, RequestShape shape, ScheduledTransport.Encoded encoded, TransportException failure) {
    }

    private sealed interface Item permits Ready, Broken {
    }

    private record Ready(Next next) implements Item {
    }

    private record Broken(RuntimeException cause) implements Item {
    }

    private final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(DEPTH);
    private final Thread thread;

    /** Starts encoding requests {@code 0 .. count-1} at once. */
    EncodeAhead(ScheduledTransport transport, IntFunction<RequestShape> shapes, int count) {
        this.thread = Thread.ofPlatform().daemon().name("joulebench-encoder")
                .start(() -> encode(transport, shapes, count));
    }

    private void encode(ScheduledTransport transport, IntFunction<RequestShape> shapes, int count) {
        try {
            for (int i = 0; i < count; i++) {
                Item item;
                try {
                    item = new Ready(encodeOne(transport, i, shapes.apply(i)));
                } catch (RuntimeException e) {
                    queue.put(new Broken(e));
                    return;
                }
                try {
                    queue.put(item);
                } catch (InterruptedException e) {
                    release(item);
                    throw e;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed
        }
    }

    private static Next encodeOne(ScheduledTransport transport, int index, RequestShape shape) {
        try {
            return new Next(index, shape, transport.encode(shape), null);
        } catch (TransportException e) {
            return new Next(index, shape, null, e);
        }
    }

    /**
     * The next request in index order, waiting for the encoder when it is behind.
     *
     * @throws RuntimeException what making its shape threw
     */
    Next next() throws InterruptedException {
        return switch (queue.take()) {
            case Ready r -> r.next();
            case Broken b -> throw b.cause();
        };
    }

    /** Stops the encoder and gives back the bytes of the requests not taken; idempotent. */
    @Override
    public void close() {
        thread.interrupt();
        Threads.joinUninterruptibly(thread);
        Item item;
        while ((item = queue.poll()) != null) {
            release(item);
        }
    }

    private static void release(Item item) {
        if (item instanceof Ready r && r.next().encoded() != null) {
            r.next().encoded().release();
        }
    }
}
