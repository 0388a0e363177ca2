package io.joulebench.core.traffic;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The keep-alive connections of {@link NioStreamingTransport}: idle ones (the most recently used first), how many are
 * in use and opening, and whether connections are kept after a streamed response (decision 0006: not once a server
 * closed a pooled one unseen). Safe from any thread; the event loop opens the spares it asks for.
 */
final class NioConnectionPool {

    private final OpenAiTransportOptions options;
    private final InetSocketAddress address;
    private final ConcurrentLinkedDeque<NioConnection> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private final AtomicInteger inUse = new AtomicInteger();
    private final AtomicInteger opening = new AtomicInteger();
    private final AtomicBoolean closesAfterStream = new AtomicBoolean();
    private volatile boolean closed;

    NioConnectionPool(OpenAiTransportOptions options, InetSocketAddress address) {
        this.options = options;
        this.address = address;
    }

    InetSocketAddress address() {
        return address;
    }

    /** The most recently used idle connection still open, or null; one the loop closed (its end seen) is skipped. */
    NioConnection takeIdle() {
        NioConnection conn;
        while ((conn = idle.pollFirst()) != null) {
            idleCount.decrementAndGet();
            if (conn.channel.isOpen() && !conn.dropped()) {
                return conn;
            }
        }
        return null;
    }

    /** Starts a non-blocking connect; see {@link NioConnection#open}. */
    NioConnection open(boolean reserved) throws TransportException {
        try {
            return NioConnection.open(address, reserved);
        } catch (IOException e) {
            throw options.requestFailed(e);
        }
    }

    /**
     * Counts one more connection in use and returns how many spares to open now (counted as opening), so that a
     * quarter of those in use wait idle or opening.
     */
    int checkedOut() {
        int busy = inUse.incrementAndGet();
        if (idleCount.get() + opening.get() < busy / 4 && !closed) {
            int want = busy / 4 - idleCount.get() - opening.get();
            opening.addAndGet(want);
            return want;
        }
        return 0;
    }

    /** An exchange settled (or a prepared request was cancelled before its write). */
    void checkedIn() {
        inUse.decrementAndGet();
    }

    /** A spare's connect finished or failed. */
    void spareOpened() {
        opening.decrementAndGet();
    }

    /** Back to the idle pool (most recently used first), or closed when the transport is. */
    void release(NioConnection conn) {
        if (closed || !conn.channel.isOpen() || conn.dropped()) {
            conn.close();
            return;
        }
        conn.pooled = true;
        idle.offerFirst(conn);
        idleCount.incrementAndGet();
    }

    /** Loop: an idle connection's end was seen (it was dropped); out of the pool and closed. */
    void remove(NioConnection conn) {
        if (idle.remove(conn)) {
            idleCount.decrementAndGet();
        }
        conn.close();
    }

    /** Whether a response read by {@code reader} leaves its connection fit for the pool. */
    boolean keepsAfter(HttpResponseReader reader) {
        return reader.reusable() && !(closesAfterStream.get() && reader.streamed());
    }

    /** A server closed a pooled connection unseen: from now on none is kept after a stream. True the first time. */
    boolean learnStaleConnections() {
        return closesAfterStream.compareAndSet(false, true);
    }

    boolean closed() {
        return closed;
    }

    void markClosed() {
        closed = true;
    }

    /** After the loop stopped: closes every idle connection. */
    void closeIdle() {
        NioConnection conn;
        while ((conn = idle.poll()) != null) {
            conn.close();
        }
    }
}
