package io.joulebench.core.traffic;

import io.joulebench.core.traffic.ScheduledTransport.Callback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request of {@link NioStreamingTransport} on one connection: written by the caller's thread at its instant (or by
 * the loop once its connection opens), then read, framed and parsed by the event loop only; a cancel goes through a
 * loop task. A request that meets a pooled connection the server closed unseen is sent once more on a fresh one,
 * marked retried (decision 0006). Ends in exactly one of the callback's {@code completed} or {@code failed}.
 *
 * <p>Its bytes are a pooled buffer ({@link NioRequestBuffers}), given back once both holders let go: the writer when
 * its {@link #write} returns, and the exchange once no retry can send them again (the first response byte after they
 * were all written, or the outcome).
 */
final class NioExchange implements ScheduledTransport.Prepared {

    private static final Logger LOG = LoggerFactory.getLogger(NioStreamingTransport.class);

    private final OpenAiTransportOptions options;
    private final NioConnectionPool pool;
    private final NioEventLoop loop;
    private NioConnection conn;
    final ByteBuffer bytes;
    private final NioRequestBuffers buffers;
    /** Holders of {@code bytes}: the writer until {@link #write} returns, the exchange until no retry can need them. */
    private final AtomicInteger bytesHolds = new AtomicInteger(2);
    /** Loop only: the exchange's hold on {@code bytes} is released. */
    private boolean bytesReleased;
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

    NioExchange(OpenAiTransportOptions options, NioConnectionPool pool, NioEventLoop loop, NioConnection conn,
                ByteBuffer bytes, NioRequestBuffers buffers, boolean keepText) {
        this.options = options;
        this.pool = pool;
        this.loop = loop;
        this.conn = conn;
        this.bytes = bytes;
        this.buffers = buffers;
        this.parser = new OpenAiStreamParser(options.endpoint(), loop.stamp(), keepText, options.captureSendTimes());
    }

    @Override
    public long write(Callback callback) {
        NioConnection c = conn; // the loop replaces it on a retry; this thread writes on the one it was given only
        this.callback = callback;
        c.requests++;
        lastActivity = System.nanoTime();
        c.exchange = this; // publishes the exchange to the loop before any byte can be answered
        written = true;
        loop.written(this);
        IOException failure = null;
        if (!c.claim()) {
            failure = new ClosedChannelException(); // the loop saw its end and closed it: sent again if pooled
        } else if (!c.connected) {
            loop.execute(this::writeOnceConnected);
            letGoOfBytes();
            return ScheduledTransport.DEFERRED;
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
            loop.execute(() -> brokenOn(c, f));
        } else if (bytes.hasRemaining()) {
            c.pendingFlush = true;
            loop.execute(() -> {
                if (c.key != null && c.key.isValid()) {
                    c.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                }
            });
        }
        letGoOfBytes();
        return writtenAt;
    }

    /** The exchange's hold: once a byte answered bytes that were all written (no retry then), or at the outcome. */
    private void releaseBytes() {
        if (!bytesReleased) {
            bytesReleased = true;
            letGoOfBytes();
        }
    }

    /** One holder lets go of {@code bytes}; the last one gives them back to the pool. */
    private void letGoOfBytes() {
        if (bytesHolds.decrementAndGet() == 0) {
            buffers.give(bytes);
        }
    }

    /** Loop: a failure the writer met on {@code c}; ignored if the loop has already moved the request on. */
    private void brokenOn(NioConnection c, IOException cause) {
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
                bytesHolds.set(0); // never written: nobody else holds them
                buffers.give(bytes);
                pool.checkedIn();
                if (conn.connected) {
                    pool.release(conn);
                } else {
                    conn.close(); // still opening: closing deregisters it, or makes its registration fail
                }
            }
            return;
        }
        loop.execute(() -> fail("cancelled", null));
    }

    /** Loop: bytes of the response; false once the exchange is over. */
    boolean received(byte[] data, int n) {
        lastActivity = System.nanoTime();
        bytesReceived += n;
        if (!bytesReleased && !conn.pendingFlush && !bytes.hasRemaining()) {
            releaseBytes(); // answered: never sent again, so the buffer can serve the next request
        }
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
        settle(pool.keepsAfter(reader), parser.result(), null);
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
        if (bytesReceived == 0 && conn.pooled && retriedAt == null && !pool.closed()) {
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
                settle(false, parser.result(), null); // [DONE] arrived; only the connection's tail broke
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
        if (pool.learnStaleConnections()) {
            LOG.info("{} closed a pooled connection without answering on it; requests that meet one are sent "
                    + "again on a fresh connection (marked retried), and connections are no longer kept after "
                    + "a streamed response", options.uri().getAuthority());
        }
        NioConnection stale = conn;
        stale.exchange = null;
        if (stale.key != null) {
            stale.key.cancel();
        }
        stale.close();
        retriedAt = options.clock().nanoTime();
        try {
            NioConnection fresh = pool.open(true);
            conn = fresh;
            fresh.requests++;
            bytes.rewind();
            fresh.exchange = this;
            fresh.claim();
            awaitingConnect = true;
            loop.register(fresh, fresh.connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT);
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

    private void settle(boolean keepConnection, CompletionResult result, TransportException failure) {
        if (!settled.compareAndSet(false, true)) {
            return;
        }
        loop.settled(this);
        pool.checkedIn();
        conn.exchange = null;
        releaseBytes();
        if (keepConnection) {
            conn.free();
            pool.release(conn);
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
