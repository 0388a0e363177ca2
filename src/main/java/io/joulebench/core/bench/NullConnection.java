package io.joulebench.core.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * One keep-alive connection of the {@link NullServer}: accumulates request heads, skips bodies by Content-Length, and
 * queues one pre-encoded response per complete request (pipelined requests are answered in order). With a streaming
 * {@link TokenSchedule} a completion request starts a {@link Stream} whose token chunks the server's timer queue
 * sends; answers to requests pipelined behind it wait until its last chunk.
 */
final class NullConnection {

    /** One streamed response in progress: the next token to send and when it is due (the server's timer key). */
    static final class Stream {
        final NullConnection connection;
        final boolean chat;
        final long arrivedAtNanos;
        int next;
        long dueNanos;

        Stream(NullConnection connection, boolean chat, long arrivedAtNanos) {
            this.connection = connection;
            this.chat = chat;
            this.arrivedAtNanos = arrivedAtNanos;
            this.dueNanos = connection.streams.schedule().sendAtNanos(arrivedAtNanos, 0);
        }
    }

    /** Where a started stream's next token is queued: the server's timer queue. */
    interface Timers {
        void schedule(Stream stream);
    }

    /** A completion request to be streamed once the stream ahead of it on this connection has ended. */
    private record StreamRequest(boolean chat) {
    }

    private final SocketChannel channel;
    /** Null: today's one-token response; otherwise completion requests are streamed by this schedule. */
    private final NullStreamResponses streams;
    private final Timers timers;
    private SelectionKey key;
    private Stream active;
    /** Answers (byte[] or StreamRequest) waiting behind the active stream, in request order. */
    private final ArrayDeque<Object> queued = new ArrayDeque<>();
    private boolean closed;
    /** Small: a request head is ~250 bytes, and a stalled client may open tens of thousands of connections. */
    private ByteBuffer in = ByteBuffer.allocate(1024);
    private final ArrayDeque<ByteBuffer> pending = new ArrayDeque<>();
    private long skip;
    private boolean closeAfterFlush;

    NullConnection(SocketChannel channel) {
        this(channel, null, null);
    }

    NullConnection(SocketChannel channel, NullStreamResponses streams, Timers timers) {
        this.channel = channel;
        this.streams = streams;
        this.timers = timers;
    }

    void attach(SelectionKey key) {
        this.key = key;
    }

    SelectionKey key() {
        return key;
    }

    /** The connection was closed: its streams' pending timers are dropped when they come due. */
    void markClosed() {
        closed = true;
    }

    boolean closed() {
        return closed;
    }

    /** Reads what is available and answers every complete request; the number answered, or -1 at end of stream. */
    int read() throws IOException {
        int n = channel.read(in);
        if (n < 0) {
            return -1;
        }
        int answered = 0;
        in.flip();
        while (true) {
            if (skip > 0) { // the body is consumed even after a "Connection: close" answer, so closing never resets
                int drop = (int) Math.min(skip, in.remaining());
                in.position(in.position() + drop);
                skip -= drop;
                if (skip > 0) {
                    break;
                }
            }
            if (closeAfterFlush) {
                break;
            }
            int headEnd = headEnd(in);
            if (headEnd < 0) {
                break;
            }
            Object response = answer(in, headEnd);
            in.position(headEnd);
            enqueue(response);
            answered++;
        }
        in.compact();
        if (!in.hasRemaining()) {
            if (in.capacity() >= NullServer.MAX_REQUEST_BYTES) {
                enqueue(NullResponses.TOO_LARGE);
                closeAfterFlush = true;
                answered++;
            } else {
                in = ByteBuffer.allocate(in.capacity() * 2).put(in.flip());
            }
        }
        flush();
        return answered;
    }

    /** Answers at once, or behind the stream in progress. */
    private void enqueue(Object response) {
        if (active == null && queued.isEmpty()) {
            start(response);
        } else {
            queued.add(response);
        }
    }

    private void start(Object response) {
        if (response instanceof StreamRequest request) {
            pending.add(NullServer.wrap(streams.head()));
            active = new Stream(this, request.chat(), System.nanoTime());
            timers.schedule(active);
        } else {
            pending.add(NullServer.wrap((byte[]) response));
        }
    }

    /**
     * Sends {@code stream}'s next token chunk, stamped now, and queues the one after it (or ends the stream and starts
     * what waited behind it). Returns the send time; the caller closes the connection when {@link #closeAfterFlush()}
     * and nothing is pending.
     */
    long sendToken(Stream stream) throws IOException {
        TokenSchedule schedule = streams.schedule();
        boolean last = stream.next == schedule.tokens() - 1;
        long sentAt = System.nanoTime();
        pending.add(ByteBuffer.wrap(streams.token(stream.chat, sentAt, last)));
        stream.next++;
        if (last) {
            active = null;
            while (active == null && !queued.isEmpty()) {
                start(queued.poll());
            }
        } else {
            stream.dueNanos = schedule.sendAtNanos(stream.arrivedAtNanos, stream.next);
            timers.schedule(stream);
        }
        if (!flush()) {
            key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
        return sentAt;
    }

    /** Writes queued responses; true when nothing is left. */
    boolean flush() throws IOException {
        while (!pending.isEmpty()) {
            if (pending.size() == 1) {
                channel.write(pending.peek());
            } else {
                channel.write(pending.toArray(new ByteBuffer[0]));
            }
            while (!pending.isEmpty() && !pending.peek().hasRemaining()) {
                pending.poll();
            }
            if (!pending.isEmpty() && pending.peek().hasRemaining()) {
                return false;
            }
        }
        return true;
    }

    boolean hasPending() {
        return !pending.isEmpty();
    }

    /** True once the connection should close: answered with close, the request body fully read, no stream left. */
    boolean closeAfterFlush() {
        return closeAfterFlush && skip == 0 && active == null && queued.isEmpty();
    }

    /** The index just past {@code \r\n\r\n} in the readable bytes, or -1. */
    private static int headEnd(ByteBuffer b) {
        for (int i = b.position() + 3; i < b.limit(); i++) {
            if (b.get(i) == '\n' && b.get(i - 1) == '\r' && b.get(i - 2) == '\n' && b.get(i - 3) == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Picks the response (byte[] or StreamRequest) for the head in [position, headEnd) and arms the body skip. */
    private Object answer(ByteBuffer b, int headEnd) {
        String head = new String(b.array(), b.arrayOffset() + b.position(), headEnd - b.position(),
                StandardCharsets.ISO_8859_1);
        int lineEnd = head.indexOf("\r\n");
        String[] requestLine = head.substring(0, lineEnd).split(" ");
        long contentLength = 0;
        boolean chunked = false;
        int at = lineEnd + 2;
        while (at < head.length() - 2) {
            int end = head.indexOf("\r\n", at);
            int colon = head.indexOf(':', at);
            if (colon > at && colon < end) {
                String name = head.substring(at, colon).strip().toLowerCase(Locale.ROOT);
                String value = head.substring(colon + 1, end).strip();
                switch (name) {
                    case "content-length" -> contentLength = parseLength(value);
                    case "transfer-encoding" -> chunked = !value.equalsIgnoreCase("identity");
                    case "connection" -> closeAfterFlush |= value.equalsIgnoreCase("close");
                    default -> {
                    }
                }
            }
            at = end + 2;
        }
        if (requestLine.length != 3 || contentLength < 0 || chunked) {
            closeAfterFlush = true;
            return NullResponses.BAD_REQUEST;
        }
        skip = contentLength;
        byte[] instant = NullResponses.forRequest(requestLine[0], requestLine[1]);
        if (streams != null && instant == NullResponses.COMPLETION) {
            return new StreamRequest(false);
        }
        if (streams != null && instant == NullResponses.CHAT) {
            return new StreamRequest(true);
        }
        return streams != null && instant == NullResponses.HEALTH ? streams.health() : instant;
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
