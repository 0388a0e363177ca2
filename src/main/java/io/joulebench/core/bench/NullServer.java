package io.joulebench.core.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Comparator;
import java.util.Iterator;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cheapest OpenAI-compatible streaming endpoint we could write, for measuring the client alone: one selector thread,
 * HTTP/1.1 keep-alive, pipelining-safe, every response pre-encoded. {@code POST /v1/completions} (and
 * {@code /v1/chat/completions}) answer one token chunk, a usage chunk and {@code [DONE]} as a Content-Length SSE body;
 * {@code GET /health} answers 200. Request bodies are skipped unread. Binds 127.0.0.1 only.
 *
 * <p>Started with a streaming {@link TokenSchedule}, a completion request is answered with a chunked SSE body instead:
 * {@code tokens} token chunks spaced by the schedule, each JSON carrying a top-level {@code t_send_ns}
 * ({@code System.nanoTime()} when the chunk was handed to the kernel), then usage and {@code [DONE]}. The same selector
 * thread sends them from a timer queue ordered by due time: no thread per stream. It waits in {@code select} for dues
 * a millisecond or more away and parks (no spinning) for nearer ones. {@code GET /health} then answers the schedule
 * ({@code tokens}, {@code ttft_ns}, {@code itl_ns}) so a client can subtract it.
 */
public final class NullServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NullServer.class);
    /** A request head or body larger than this closes the connection with 413 (the null server is no real server). */
    static final int MAX_REQUEST_BYTES = 1 << 20;

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final Thread loop;
    private final AtomicLong served = new AtomicLong();
    private final NullStreamResponses streams;
    private final PriorityQueue<NullConnection.Stream> timers =
            new PriorityQueue<>(Comparator.comparingLong(s -> s.dueNanos));
    /** Written by the serving thread only. */
    private volatile long tokensSent;
    private volatile long sendLateMaxNanos;
    private volatile long sendsLateOverMillisecond;
    private volatile boolean closed;

    private NullServer(int port, TokenSchedule schedule) throws IOException {
        streams = schedule == null ? null : new NullStreamResponses(schedule);
        selector = Selector.open();
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        loop = Thread.ofPlatform().name("joulebench-null-server").daemon(true).unstarted(this::serve);
    }

    /** Binds 127.0.0.1:{@code port} (0 = any free port) and starts serving on its own daemon thread. */
    public static NullServer start(int port) throws IOException {
        return start(port, null);
    }

    /**
     * Binds 127.0.0.1:{@code port} (0 = any free port) and streams completions by {@code schedule}; null = today's
     * one-token response answered at once.
     */
    public static NullServer start(int port, TokenSchedule schedule) throws IOException {
        NullServer server = new NullServer(port, schedule);
        server.loop.start();
        return server;
    }

    /** The streaming schedule, or null for one-token responses. */
    public TokenSchedule schedule() {
        return streams == null ? null : streams.schedule();
    }

    /** Token chunks sent by the timer queue so far (0 for one-token responses, which have no timer). */
    public long tokensSent() {
        return tokensSent;
    }

    /** The latest a token chunk was sent after its due time, so far. */
    public long sendLateMaxNanos() {
        return sendLateMaxNanos;
    }

    /** Token chunks sent more than 1 ms after their due time, so far. */
    public long sendsLateOverMillisecond() {
        return sendsLateOverMillisecond;
    }

    public int port() {
        return listener.socket().getLocalPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /** Responses written so far (health and errors included). */
    public long served() {
        return served.get();
    }

    /** CPU time of the serving thread so far (ThreadMXBean), or -1 where the JVM cannot measure it. */
    public long serveCpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getThreadCpuTime(loop.threadId());
    }

    /** One line: requests, tokens, the serving thread's CPU per token (or per response) and the send lateness. */
    public String costLine() {
        long cpu = serveCpuNanos();
        long tokens = tokensSent;
        long perUnit = tokens > 0 ? tokens : Math.max(1, served.get());
        return String.format(java.util.Locale.ROOT,
                "served %d responses, %d token chunks; serving thread CPU %.3f s = %.2f us per %s; "
                        + "latest token send %.1f us after due, %d sends > 1 ms late",
                served.get(), tokens, cpu / 1e9, cpu / 1e3 / perUnit, tokens > 0 ? "token" : "response",
                sendLateMaxNanos / 1e3, sendsLateOverMillisecond);
    }

    /** The serving thread, e.g. to read its CPU time. */
    public Thread thread() {
        return loop;
    }

    /** Blocks until the server is closed or the thread is interrupted. */
    public void awaitClose() throws InterruptedException {
        loop.join();
    }

    private void serve() {
        try {
            while (!closed) {
                await();
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    handle(key);
                }
                fireDueTokens();
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!closed) {
                LOG.warn("null server stopped: {}", e.toString());
            }
        }
    }

    /** Selects until I/O is ready or the next token is due: select for ≥ 1 ms away, park for nearer dues. */
    private void await() throws IOException {
        NullConnection.Stream next = timers.peek();
        if (next == null) {
            selector.select();
            return;
        }
        long wait = next.dueNanos - System.nanoTime();
        if (wait >= 1_000_000) {
            selector.select(wait / 1_000_000);
        } else {
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            selector.selectNow();
        }
    }

    private void fireDueTokens() {
        long now = System.nanoTime();
        NullConnection.Stream stream;
        while ((stream = timers.peek()) != null && stream.dueNanos <= now) {
            timers.poll();
            NullConnection connection = stream.connection;
            if (connection.closed()) {
                continue;
            }
            long due = stream.dueNanos;
            try {
                tokensSent++; // counted before the write, so a client that has every token sees the count
                long late = connection.sendToken(stream) - due;
                if (late > sendLateMaxNanos) {
                    sendLateMaxNanos = late;
                }
                if (late > 1_000_000) {
                    sendsLateOverMillisecond++;
                }
                if (connection.closeAfterFlush() && !connection.hasPending()) {
                    close(connection.key());
                }
            } catch (IOException e) {
                close(connection.key());
            }
        }
    }

    private void handle(SelectionKey key) {
        try {
            if (!key.isValid()) {
                return;
            }
            if (key.isAcceptable()) {
                accept();
                return;
            }
            NullConnection connection = (NullConnection) key.attachment();
            if (key.isWritable() && connection.flush()) {
                if (connection.closeAfterFlush()) {
                    close(key);
                    return;
                }
                key.interestOps(SelectionKey.OP_READ);
            }
            if (key.isValid() && key.isReadable()) {
                int responses = connection.read();
                served.addAndGet(Math.max(0, responses));
                if (responses < 0 || connection.closeAfterFlush() && !connection.hasPending()) {
                    close(key);
                } else if (connection.hasPending()) {
                    key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                }
            }
        } catch (IOException e) {
            if (key.channel() == listener) {
                LOG.warn("null server cannot accept: {}", e.toString());
            } else {
                close(key);
            }
        }
    }

    private void accept() throws IOException {
        SocketChannel channel;
        while ((channel = listener.accept()) != null) {
            channel.configureBlocking(false);
            channel.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
            NullConnection connection = new NullConnection(channel, streams, timers::add);
            connection.attach(key);
            key.attach(connection);
        }
    }

    private static void close(SelectionKey key) {
        if (key.attachment() instanceof NullConnection connection) {
            connection.markClosed();
        }
        key.cancel();
        try {
            key.channel().close();
        } catch (IOException ignored) {
            // closing a broken connection; nothing to report
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        selector.wakeup();
        try {
            loop.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            selector.close();
            listener.close();
        } catch (IOException | ClosedSelectorException e) {
            LOG.debug("closing the null server: {}", e.toString());
        }
    }

    /** Wraps bytes for one write; the shared pre-encoded arrays are never modified. */
    static ByteBuffer wrap(byte[] bytes) {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }
}
