package io.joulebench.core.traffic;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Bridges an HTTP body publisher to a blocking reader with a per-chunk timeout: the reader takes one item at a time
 * and only then asks for the next, so at most one chunk is buffered. Cancelling closes the exchange.
 */
final class ChunkQueue implements Flow.Subscriber<List<ByteBuffer>> {

    /** Body bytes, or the end ({@code buffers == null}, {@code error == null}), or a failure. */
    record Item(List<ByteBuffer> buffers, Throwable error) {
    }

    private static final Item END = new Item(null, null);

    private final LinkedBlockingQueue<Item> items = new LinkedBlockingQueue<>();
    private volatile Flow.Subscription subscription;
    private volatile boolean cancelled;

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (cancelled) {
            s.cancel();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        items.add(new Item(buffers, null));
    }

    @Override
    public void onError(Throwable error) {
        items.add(new Item(null, error));
    }

    @Override
    public void onComplete() {
        items.add(END);
    }

    /** The next item, or null when none arrived within {@code timeout}. */
    Item next(Duration timeout) throws InterruptedException {
        Item item = items.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        Flow.Subscription s = subscription;
        if (item != null && item.buffers() != null && s != null) {
            s.request(1);
        }
        return item;
    }

    void cancel() {
        cancelled = true;
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }
}
