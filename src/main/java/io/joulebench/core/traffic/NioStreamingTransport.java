package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Write-on-schedule transport (docs/decisions/0018-write-on-schedule-transport.md): each request's bytes are
 * serialised ahead of time and written to an already-open keep-alive connection by the thread that calls
 * {@link Prepared#write} (the issuer's pacer, at the instant); one event-loop thread on a {@link Selector} reads every
 * response. Each read is stamped once, right after it returns, and every token whose line that read completed gets
 * that stamp ({@link OpenAiStreamParser} on a read-stamp clock), before any HTTP framing or JSON is parsed.
 *
 * <p>The pool starts opening a connection (never blocking: a server with a full accept queue can take seconds to
 * answer a SYN) only when none is idle, and asks the loop to open spares (a quarter of those in use) whenever fewer
 * are idle, so a steady load finds one waiting. A request whose connection is still opening at its instant is written
 * by the loop once it is open ({@link ScheduledTransport#DEFERRED}); its write lateness then includes that wait.
 * A connection the server closed while idle is dropped when the loop sees its end; one it closed unseen (no byte
 * answered on a reused connection) gets the request once more on a fresh connection, marked retried, and from then
 * on connections are not kept after streamed responses, as {@link Http5StreamingTransport} does (decision 0006).
 * Plain {@code http://} only.
 */
public final class NioStreamingTransport implements StreamingTransport, ScheduledTransport {

    private static final Logger LOG = LoggerFactory.getLogger(NioStreamingTransport.class);
    private static final int READ_BUFFER = 64 * 1024;
    private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final OpenAiTransportOptions options;
    private final InetSocketAddress address;
    private final String head;
    private final ReadStamp stamp;
    private final Selector selector;
    private final Thread loop;
    private final ConcurrentLinkedDeque<Conn> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private final AtomicInteger inUse = new AtomicInteger();
    private final AtomicInteger opening = new AtomicInteger();
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /**
     * Every written exchange not yet settled, whatever its connection's state: the read-timeout sweep walks these, so
     * a request whose connection never reached the selector (or lost its key) still ends by its read timeout instead
     * of leaving its sender waiting for ever (a unit run hung on one, 2026-12-06).
     */
    private final java.util.Set<Exchange> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closesAfterStream = new AtomicBoolean();
    private final ByteBuffer readBuffer = ByteBuffer.allocate(READ_BUFFER);
    private volatile boolean closed;

    NioStreamingTransport(OpenAiTransportOptions options) {
        this.options = options;
        if (!"http".equalsIgnoreCase(options.uri().getScheme())) {
            throw new IllegalArgumentException("the nio client speaks plain http:// only (got " + options.uri()
                    + "); use --client http5 for https");
        }
        int port = options.uri().getPort() < 0 ? 80 : options.uri().getPort();
        this.address = new InetSocketAddress(options.uri().getHost(), port);
        StringBuilder h = new StringBuilder(256).append("POST ").append(options.uri().getRawPath())
                .append(" HTTP/1.1\r\nHost: ").append(options.uri().getHost()).append(':').append(port)
                .append("\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n");
        for (Map.Entry<String, String> e : options.headers().entrySet()) {
            h.append(e.getKey()).append(": ").append(e.getValue()).append("\r\n");
        }
        this.head = h.append("Content-Length: ").toString();
        this.stamp = new ReadStamp(options.clock());
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a selector: " + e.getMessage(), e);
        }
        this.loop = Thread.ofPlatform().name("joulebench-nio").daemon(true).start(this::runLoop);
    }

    public static OpenAiTransportBuilder<NioStreamingTransport> builder() {
        return new OpenAiTransportBuilder<>(NioStreamingTransport::new);
    }

    @Override
    public OpenAiEndpoint endpoint() {
        return options.endpoint();
    }

    @Override
    public Prepared prepare(RequestShape request) throws TransportException {
        if (closed) {
            throw new TransportException("transport closed", CompletionResult.EMPTY);
        }
        byte[] body = options.body(request);
        byte[] headBytes = HttpResponseReader.ascii(head + body.length + "\r\n\r\n");
        ByteBuffer bytes = ByteBuffer.allocate(headBytes.length + body.length).put(headBytes).put(body).flip();
        Conn conn;
        while ((conn = idle.pollFirst()) != null) {
            idleCount.decrementAndGet();
            if (conn.channel.isOpen() && !conn.dropped()) {
                break; // one the loop closed (its end seen) is skipped
            }
        }
        if (conn == null) {
            Conn fresh = open(true);
            tasks.add(() -> register(fresh, fresh.connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT));
            selector.wakeup();
            conn = fresh;
        }
        int busy = inUse.incrementAndGet();
        if (idleCount.get() + opening.get() < busy / 4 && !closed) {
            int want = busy / 4 - idleCount.get() - opening.get();
            opening.addAndGet(want);
            tasks.add(() -> grow(want));
            selector.wakeup();
        }
        return new Exchange(conn, bytes, options.keepsText(request));
    }

    @Override
    public CompletionResult send(RequestShape request) throws TransportException, InterruptedException {
        Prepared prepared = prepare(request);
        CompletableFuture<CompletionResult> outcome = new CompletableFuture<>();
        prepared.write(new Callback() {
            @Override
            public void completed(CompletionResult result) {
                outcome.complete(result);
            }

            @Override
            public void failed(TransportException failure) {
                outcome.completeExceptionally(failure);
            }
        });
        try {
            return unwrap(outcome::get);
        } catch (InterruptedException e) {
            prepared.cancel(); // the loop answers a cancel at once, with the partial result
            try {
                return unwrap(outcome::join);
            } finally {
                Thread.currentThread().interrupt();
            }
        }
    }

    private interface Outcome {
        CompletionResult get() throws InterruptedException, ExecutionException;
    }

    private static CompletionResult unwrap(Outcome outcome) throws TransportException, InterruptedException {
        try {
            return outcome.get();
        } catch (ExecutionException | java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof TransportException t) {
                throw t;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * Starts a non-blocking connect for one request ({@code reserved}: not a spare for the pool); the loop must register
     * it, for {@code OP_CONNECT} unless it connected at once.
     */
    private Conn open(boolean reserved) throws TransportException {
        try {
            SocketChannel channel = SocketChannel.open();
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(false);
            Conn conn = new Conn(channel, reserved);
            conn.connected = channel.connect(address);
            return conn;
        } catch (IOException e) {
            throw options.requestFailed(e);
        }
    }

    // ---- the event loop: the only thread that reads, and the only one that touches keys and exchanges' parse state

    private void runLoop() {
        long lastSweep = System.nanoTime();
        try {
            while (!closed) {
                selector.select(SWEEP_NANOS / 1_000_000);
                Runnable task;
                while ((task = tasks.poll()) != null) {
                    task.run();
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    Conn conn = (Conn) key.attachment();
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
            if (!closed) {
                LOG.error("nio event loop failed; requests in flight fail", e);
            }
        } finally {
            Runnable task;
            while ((task = tasks.poll()) != null) {
                task.run(); // registrations first, so the sweep below closes their connections too
            }
            for (SelectionKey key : selector.keys()) {
                Conn conn = (Conn) key.attachment();
                Exchange ex = conn.exchange;
                if (ex != null) {
                    ex.fail("transport closed", null);
                }
                conn.close();
            }
            for (Exchange ex : live) {
                ex.fail("transport closed", null); // one whose connection never reached the selector
            }
        }
    }

    private void register(Conn conn, int ops) {
        try {
            conn.key = conn.channel.register(selector, ops, conn);
            if (conn.pendingFlush) {
                conn.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        } catch (IOException | IllegalStateException e) {
            conn.close();
            conn.failure = new IOException("could not register: " + e.getMessage(), e);
            Exchange ex = conn.exchange;
            if (ex != null) {
                ex.connectFailed(conn.failure);
            }
        }
    }

    private void grow(int want) {
        for (int k = 0; k < want; k++) {
            try {
                Conn conn = open(false);
                if (conn.connected) {
                    opening.decrementAndGet();
                    register(conn, SelectionKey.OP_READ);
                    release(conn);
                } else {
                    register(conn, SelectionKey.OP_CONNECT);
                }
            } catch (TransportException e) {
                opening.decrementAndGet();
                LOG.debug("a spare connection to {} failed: {}", address, e.toString());
            }
        }
    }

    /** Loop: a connect finished. A spare goes to the pool; a reserved one writes its request if that is waiting. */
    private void connected(Conn conn) {
        try {
            if (!conn.channel.finishConnect()) {
                return;
            }
        } catch (IOException e) {
            if (!conn.reserved) {
                opening.decrementAndGet();
            }
            conn.failure = e;
            conn.close();
            Exchange ex = conn.exchange;
            if (ex != null && ex.awaitingConnect) {
                ex.connectFailed(e);
            }
            return;
        }
        conn.connected = true;
        conn.key.interestOps(conn.pendingFlush ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        if (!conn.reserved) {
            opening.decrementAndGet();
            release(conn);
            return;
        }
        Exchange ex = conn.exchange;
        if (ex != null && ex.awaitingConnect) {
            ex.firstWrite();
        }
    }

    /** Back to the idle pool (most recently used first), or closed when the transport is. */
    private void release(Conn conn) {
        if (closed || !conn.channel.isOpen() || conn.dropped()) {
            conn.close();
            return;
        }
        conn.pooled = true;
        idle.offerFirst(conn);
        idleCount.incrementAndGet();
    }

    private void readable(Conn conn) {
        Exchange ex = conn.exchange;
        if (ex == null) {
            if (conn.drop()) {
                dropIdle(conn); // an idle connection only ever reads its end (or bytes nobody asked for)
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

    private void dropIdle(Conn conn) {
        if (idle.remove(conn)) {
            idleCount.decrementAndGet();
        }
        conn.close();
    }

    private void flush(Conn conn) {
        Exchange ex = conn.exchange;
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
        for (Exchange ex : live) {
            if (ex.written && now - ex.lastActivity > limit) {
                ex.fail(options.readTimeoutText(), null);
            }
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
            loop.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            selector.close();
        } catch (IOException e) {
            LOG.debug("closing the selector failed: {}", e.toString());
        }
        Conn conn;
        while ((conn = idle.poll()) != null) {
            conn.close();
        }
    }

    /** One pooled connection; {@code exchange} is set by the writer before its write and cleared by the loop. */
    private static final class Conn {
        final SocketChannel channel;
        /** Opened for one request, not as a spare: when its connect finishes it is not put in the pool. */
        final boolean reserved;
        SelectionKey key;
        int requests;
        volatile Exchange exchange;
        volatile boolean pendingFlush;
        /** The connect has finished; until then a write waits for the loop. */
        volatile boolean connected;
        /** Why the connect failed (loop only). */
        IOException failure;
        /** Has waited in the idle pool, where the server may have closed it unseen. */
        volatile boolean pooled;
        /**
         * Who may end it: {@link #FREE} (idle or reserved, no exchange: the loop may drop it on its end),
         * {@link #CLAIMED} (a writer's exchange owns it: only that exchange's paths close it) or {@link #DROPPED}.
         * The one compare-and-set decides the race between a writer taking a pooled connection and the loop seeing
         * the server's close on it; without it the loop closed a connection a request had just been written on, and
         * that request waited for its read timeout.
         */
        private final AtomicInteger state = new AtomicInteger(FREE);
        static final int FREE = 0;
        static final int CLAIMED = 1;
        static final int DROPPED = 2;

        Conn(SocketChannel channel, boolean reserved) {
            this.channel = channel;
            this.reserved = reserved;
        }

        /** Writer (or loop, for a retry's fresh connection): the exchange now published owns it; false if dropped. */
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

        /** Loop: its exchange settled and it goes back to the pool. */
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

    /** One request on one connection; after its write, only the loop touches it (cancel goes through a task). */
    private final class Exchange implements Prepared {
        private Conn conn;
        final ByteBuffer bytes;
        private final OpenAiStreamParser parser;
        private final HttpResponseReader reader = new HttpResponseReader();
        private byte[] errorBody;
        private int errorLength;
        private int bytesReceived;
        private Callback callback;
        private Long retriedAt;
        /** Loop only: written at its instant while the connection was still opening; the loop writes it on connect. */
        boolean awaitingConnect;
        volatile boolean written;
        volatile long lastActivity;
        private final AtomicBoolean settled = new AtomicBoolean();

        Exchange(Conn conn, ByteBuffer bytes, boolean keepText) {
            this.conn = conn;
            this.bytes = bytes;
            this.parser = new OpenAiStreamParser(options.endpoint(), stamp, keepText,
                    options.captureSendTimes());
        }

        @Override
        public long write(Callback callback) {
            Conn c = conn; // the loop replaces it on a retry; this thread writes on the one it was given only
            this.callback = callback;
            c.requests++;
            lastActivity = System.nanoTime();
            c.exchange = this; // publishes the exchange to the loop before any byte can be answered
            written = true;
            live.add(this);
            IOException failure = null;
            if (!c.claim()) {
                failure = new ClosedChannelException(); // the loop saw its end and closed it: sent again if pooled
            } else if (!c.connected) {
                tasks.add(this::writeOnceConnected);
                selector.wakeup();
                return DEFERRED;
            } else {
                try {
                    c.channel.write(bytes);
                } catch (IOException e) {
                    failure = e;
                }
            }
            long writtenAt = options.clock().nanoTime();
            if (failure != null) {
                IOException f = failure;
                tasks.add(() -> brokenOn(c, f));
                selector.wakeup();
            } else if (bytes.hasRemaining()) {
                c.pendingFlush = true;
                tasks.add(() -> {
                    if (c.key != null && c.key.isValid()) {
                        c.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                    }
                });
                selector.wakeup();
            }
            return writtenAt;
        }

        /** Loop: a failure the writer met on {@code c}; ignored if the loop has already moved the request on. */
        private void brokenOn(Conn c, IOException cause) {
            if (conn == c) {
                broken(cause);
            }
        }

        /** Loop: the instant has passed; write now if the connection is open, else when it opens. */
        private void writeOnceConnected() {
            if (settled.get()) {
                return;
            }
            if (conn.failure != null) {
                connectFailed(conn.failure);
                return;
            }
            awaitingConnect = true; // connected() writes, unless the connection is open already
            if (conn.connected) {
                firstWrite();
            }
        }

        /** Loop: its connection could not be opened, as a blocking connect would have thrown. */
        void connectFailed(IOException e) {
            settle(false, null, options.requestFailed(e));
        }

        /** Loop: the write of a request whose connection opened after its instant (or of a retry). */
        void firstWrite() {
            if (!awaitingConnect || settled.get()) {
                return;
            }
            awaitingConnect = false;
            lastActivity = System.nanoTime();
            try {
                conn.channel.write(bytes);
            } catch (IOException e) {
                broken(e);
                return;
            }
            if (retriedAt == null) {
                callback.written(options.clock().nanoTime());
            }
            if (bytes.hasRemaining()) {
                conn.pendingFlush = true;
                conn.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        }

        @Override
        public void cancel() {
            if (!written) {
                if (settled.compareAndSet(false, true)) {
                    inUse.decrementAndGet();
                    if (conn.connected) {
                        release(conn);
                    } else {
                        conn.close(); // still opening: closing deregisters it, or makes its registration fail
                    }
                }
                return;
            }
            tasks.add(() -> fail("cancelled", null));
            selector.wakeup();
        }

        /** Loop: bytes of the response; false once the exchange is over. */
        boolean received(byte[] data, int n) {
            lastActivity = System.nanoTime();
            bytesReceived += n;
            try {
                reader.feed(data, 0, n, this::body);
                if (errorBody != null && errorLength == errorBody.length) {
                    failStatus();
                    return false;
                }
                if (reader.done()) {
                    end();
                    return false;
                }
                return true;
            } catch (OpenAiStreamParser.MalformedStreamException e) {
                fail(options.scrub(e.getMessage()), e);
            } catch (Exception e) {
                fail("stream broke: " + OpenAiTransportOptions.describe(e), e);
            }
            return false;
        }

        private void body(byte[] data, int offset, int length) throws OpenAiStreamParser.MalformedStreamException {
            if (reader.status() / 100 == 2) {
                parser.accept(data, offset, length);
                return;
            }
            if (errorBody == null) {
                errorBody = new byte[OpenAiTransportOptions.ERROR_BODY_BYTES];
            }
            int n = Math.min(length, errorBody.length - errorLength);
            System.arraycopy(data, offset, errorBody, errorLength, n);
            errorLength += n;
        }

        /** Loop: the response is complete. */
        private void end() throws OpenAiStreamParser.MalformedStreamException {
            if (reader.status() / 100 != 2) {
                failStatus();
                return;
            }
            if (!parser.done()) {
                parser.endOfStream();
            }
            if (!parser.done()) {
                fail("stream ended before [DONE]", null);
                return;
            }
            boolean keep = reader.reusable() && !(closesAfterStream.get() && reader.streamed());
            succeed(keep);
        }

        private void failStatus() {
            if (errorBody == null) {
                errorBody = new byte[0];
            }
            TransportException e = options.httpStatus(reader.status(), errorBody, errorLength);
            settle(false, null, e);
        }

        /** Loop: the connection ended ({@code cause} null) or failed. */
        void broken(IOException cause) {
            if (settled.get()) {
                return;
            }
            if (bytesReceived == 0 && conn.pooled && retriedAt == null && !closed) {
                retry();
                return;
            }
            reader.endOfInput();
            try {
                if (reader.done() && reader.status() / 100 == 2) {
                    end();
                    return;
                }
                if (reader.done()) {
                    failStatus();
                    return;
                }
                if (parser.done()) {
                    succeed(false); // [DONE] arrived; only the connection's tail broke
                    return;
                }
            } catch (OpenAiStreamParser.MalformedStreamException e) {
                fail(options.scrub(e.getMessage()), e);
                return;
            }
            fail(cause == null ? "stream broke: connection closed by the server"
                    : "stream broke: " + OpenAiTransportOptions.describe(cause), cause);
        }

        /** Loop: the first attempt met a reused connection the server had closed; once more on a fresh one. */
        private void retry() {
            if (closesAfterStream.compareAndSet(false, true)) {
                LOG.info("{} closed a pooled connection without answering on it; requests that meet one are sent "
                        + "again on a fresh connection (marked retried), and connections are no longer kept after "
                        + "a streamed response", options.uri().getAuthority());
            }
            Conn stale = conn;
            stale.exchange = null;
            if (stale.key != null) {
                stale.key.cancel();
            }
            stale.close();
            retriedAt = options.clock().nanoTime();
            try {
                Conn fresh = open(true);
                conn = fresh;
                fresh.requests++;
                bytes.rewind();
                fresh.exchange = this;
                fresh.claim();
                awaitingConnect = true;
                register(fresh, fresh.connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT);
                if (fresh.connected) {
                    firstWrite();
                }
            } catch (TransportException e) {
                settle(false, null, e);
            }
        }

        /** Loop: gives up with the partial result and drops the connection. */
        void fail(String what, Throwable cause) {
            if (!settled.get()) {
                settle(false, null, OpenAiTransportOptions.failure(parser, what, cause));
            }
        }

        private void succeed(boolean keepConnection) {
            settle(keepConnection, parser.result(), null);
        }

        private void settle(boolean keepConnection, CompletionResult result, TransportException failure) {
            if (!settled.compareAndSet(false, true)) {
                return;
            }
            live.remove(this);
            inUse.decrementAndGet();
            conn.exchange = null;
            if (keepConnection) {
                conn.free();
                release(conn);
            } else {
                if (conn.key != null) {
                    conn.key.cancel();
                }
                conn.close();
            }
            if (failure != null) {
                callback.failed(retriedAt == null ? failure : failure.retriedAt(retriedAt));
            } else {
                callback.completed(retriedAt == null ? result : result.retriedAt(retriedAt));
            }
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
