package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread of {@link NioStreamingTransport} that reads: a {@link Selector} over every connection. It is the only
 * thread that touches selection keys and exchanges' parse state; other threads hand it work with {@link #execute}.
 * Each read is stamped once, right after it returns ({@link #stamp()}), before any framing or JSON is parsed.
 */
final class NioEventLoop {

    private static final Logger LOG = LoggerFactory.getLogger(NioStreamingTransport.class);
    private static final int READ_BUFFER = 64 * 1024;
    private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final OpenAiTransportOptions options;
    private final NioConnectionPool pool;
    private final ReadStamp stamp;
    private final Selector selector;
    private final Thread thread;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /**
     * Every written exchange not yet settled, whatever its connection's state: the read-timeout sweep walks these, so
     * a request whose connection never reached the selector (or lost its key) still ends by its read timeout instead
     * of leaving its sender waiting for ever (a unit run hung on one, 2026-12-06).
     */
    private final Set<NioExchange> live = ConcurrentHashMap.newKeySet();
    private final ByteBuffer readBuffer = ByteBuffer.allocate(READ_BUFFER);

    NioEventLoop(OpenAiTransportOptions options, NioConnectionPool pool) {
        this.options = options;
        this.pool = pool;
        this.stamp = new ReadStamp(options.clock());
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a selector: " + e.getMessage(), e);
        }
        this.thread = Thread.ofPlatform().name("joulebench-nio").daemon(true).start(this::run);
    }

    /** The parser's clock: the stamp of the read being parsed. */
    Clock stamp() {
        return stamp;
    }

    /** Any thread: runs {@code task} on the loop at its next turn. */
    void execute(Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    /** Any thread: the loop registers a connection a request reserved (for its connect unless it connected). */
    void registerReserved(NioConnection conn) {
        execute(() -> register(conn, conn.connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT));
    }

    /** Any thread: the loop opens {@code want} spares, already counted as opening. */
    void openSpares(int want) {
        execute(() -> grow(want));
    }

    void written(NioExchange ex) {
        live.add(ex);
    }

    void settled(NioExchange ex) {
        live.remove(ex);
    }

    private void run() {
        long lastSweep = System.nanoTime();
        try {
            while (!pool.closed()) {
                selector.select(SWEEP_NANOS / 1_000_000);
                runTasks();
                for (SelectionKey key : selector.selectedKeys()) {
                    NioConnection conn = (NioConnection) key.attachment();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isConnectable()) {
                        connected(conn);
                    } else if (key.isReadable()) {
                        readable(conn);
                    } else if (key.isWritable()) {
                        flush(conn);
                    }
                }
                selector.selectedKeys().clear();
                long now = System.nanoTime();
                if (now - lastSweep >= SWEEP_NANOS) {
                    lastSweep = now;
                    sweepTimeouts(now);
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!pool.closed()) {
                LOG.error("nio event loop failed; requests in flight fail", e);
            }
        } finally {
            runTasks(); // registrations first, so the sweep below closes their connections too
            for (SelectionKey key : selector.keys()) {
                NioConnection conn = (NioConnection) key.attachment();
                NioExchange ex = conn.exchange;
                if (ex != null) {
                    ex.fail("transport closed", null);
                }
                conn.close();
            }
            for (NioExchange ex : live) {
                ex.fail("transport closed", null); // one whose connection never reached the selector
            }
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
    }

    /** Loop: registers {@code conn}; a failure ends the exchange waiting on it as a failed connect. */
    void register(NioConnection conn, int ops) {
        try {
            conn.key = conn.channel.register(selector, ops, conn);
            if (conn.pendingFlush) {
                conn.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        } catch (IOException | IllegalStateException e) {
            conn.close();
            conn.failure = new IOException("could not register: " + e.getMessage(), e);
            NioExchange ex = conn.exchange;
            if (ex != null) {
                ex.connectFailed(conn.failure);
            }
        }
    }

    private void grow(int want) {
        for (int k = 0; k < want; k++) {
            try {
                NioConnection conn = pool.open(false);
                if (conn.connected) {
                    pool.spareOpened();
                    register(conn, SelectionKey.OP_READ);
                    pool.release(conn);
                } else {
                    register(conn, SelectionKey.OP_CONNECT);
                }
            } catch (TransportException e) {
                pool.spareOpened();
                LOG.debug("a spare connection to {} failed: {}", pool.address(), e.toString());
            }
        }
    }

    /** Loop: a connect finished. A spare goes to the pool; a reserved one writes its request if that is waiting. */
    private void connected(NioConnection conn) {
        try {
            if (!conn.channel.finishConnect()) {
                return;
            }
        } catch (IOException e) {
            if (!conn.reserved) {
                pool.spareOpened();
            }
            conn.failure = e;
            conn.close();
            NioExchange ex = conn.exchange;
            if (ex != null && ex.awaitingConnect) {
                ex.connectFailed(e);
            }
            return;
        }
        conn.connected = true;
        conn.key.interestOps(conn.pendingFlush ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        if (!conn.reserved) {
            pool.spareOpened();
            pool.release(conn);
            return;
        }
        NioExchange ex = conn.exchange;
        if (ex != null && ex.awaitingConnect) {
            ex.firstWrite();
        }
    }

    private void readable(NioConnection conn) {
        NioExchange ex = conn.exchange;
        if (ex == null) {
            if (conn.drop()) {
                pool.remove(conn); // an idle connection only ever reads its end (or bytes nobody asked for)
                return;
            }
            ex = conn.exchange; // a writer claimed it after publishing its exchange: that exchange reads the end
            if (ex == null) {
                return;
            }
        }
        while (true) {
            int n;
            readBuffer.clear();
            try {
                n = conn.channel.read(readBuffer);
            } catch (IOException e) {
                ex.broken(e);
                return;
            }
            if (n == 0) {
                return;
            }
            if (n < 0) {
                ex.broken(null);
                return;
            }
            stamp.now = options.clock().nanoTime(); // the receipt time of every token this read completes
            if (!ex.received(readBuffer.array(), n) || conn.exchange != ex) {
                return;
            }
        }
    }

    private void flush(NioConnection conn) {
        NioExchange ex = conn.exchange;
        if (ex == null) {
            conn.key.interestOps(SelectionKey.OP_READ);
            return;
        }
        try {
            conn.channel.write(ex.bytes);
            if (!ex.bytes.hasRemaining()) {
                conn.pendingFlush = false;
                conn.key.interestOps(SelectionKey.OP_READ);
            }
        } catch (IOException e) {
            ex.broken(e);
        }
    }

    private void sweepTimeouts(long now) {
        long limit = options.readTimeout().toNanos();
        for (NioExchange ex : live) {
            if (ex.written && now - ex.lastActivity > limit) {
                ex.fail(options.readTimeoutText(), null);
            }
        }
    }

    /** Stops the loop (the pool is marked closed first); exchanges still open fail with "transport closed". */
    void shutdown() {
        selector.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            selector.close();
        } catch (IOException e) {
            LOG.debug("closing the selector failed: {}", e.toString());
        }
    }

    /** The parser's clock: the stamp of the read being parsed, taken once when that read returned. */
    private static final class ReadStamp implements Clock {
        private final Clock clock;
        volatile long now;

        ReadStamp(Clock clock) {
            this.clock = clock;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            clock.sleepUntil(deadlineNanos);
        }
    }
}
