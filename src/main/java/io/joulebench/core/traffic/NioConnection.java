package io.joulebench.core.traffic;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One keep-alive connection of {@link NioStreamingTransport}; {@code exchange} is set by the writer before its write
 * and cleared by the event loop.
 */
final class NioConnection {

    private static final Logger LOG = LoggerFactory.getLogger(NioStreamingTransport.class);

    /** Idle or reserved, no exchange: the loop may drop it when it sees its end. */
    static final int FREE = 0;
    /** A published exchange owns it: only that exchange's paths close it. */
    static final int CLAIMED = 1;
    /** The loop saw its end while it was free and closed it. */
    static final int DROPPED = 2;

    final SocketChannel channel;
    /** Opened for one request, not as a spare: when its connect finishes it is not put in the pool. */
    final boolean reserved;
    SelectionKey key;
    int requests;
    volatile NioExchange exchange;
    volatile boolean pendingFlush;
    /** The connect has finished; until then a write waits for the loop. */
    volatile boolean connected;
    /** Why the connect failed (loop only). */
    IOException failure;
    /** Has waited in the idle pool, where the server may have closed it unseen. */
    volatile boolean pooled;
    /**
     * One compare-and-set decides the race between a writer taking a pooled connection and the loop seeing the
     * server's close on it. Without it the loop closed a connection a request had just been written on, and that
     * request waited for its read timeout (TransportWireBehaviourTest's cap-3 case, now and then).
     */
    private final AtomicInteger state = new AtomicInteger(FREE);

    private NioConnection(SocketChannel channel, boolean reserved) {
        this.channel = channel;
        this.reserved = reserved;
    }

    /**
     * Starts a non-blocking connect ({@code reserved}: for one request, not a spare for the pool); the loop must
     * register it, for {@code OP_CONNECT} unless it connected at once.
     */
    static NioConnection open(InetSocketAddress address, boolean reserved) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(false);
            NioConnection conn = new NioConnection(channel, reserved);
            conn.connected = channel.connect(address);
            return conn;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Writer (or the loop, for a retry's fresh connection), after publishing its exchange: false if dropped. */
    boolean claim() {
        return state.compareAndSet(FREE, CLAIMED);
    }

    /** Loop: its end was seen with no exchange; false if a writer claimed it first. */
    boolean drop() {
        return state.compareAndSet(FREE, DROPPED);
    }

    boolean dropped() {
        return state.get() == DROPPED;
    }

    /** Loop: its exchange settled and it may go back to the pool. */
    void free() {
        state.compareAndSet(CLAIMED, FREE);
    }

    void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.trace("close: {}", e.toString());
        }
    }
}
