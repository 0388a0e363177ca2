package io.joulebench.core.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * One keep-alive connection of the {@link NullServer}: accumulates request heads, skips bodies by Content-Length, and
 * queues one pre-encoded response per complete request (pipelined requests are answered in order).
 */
final class NullConnection {

    private final SocketChannel channel;
    /** Small: a request head is ~250 bytes, and a stalled client may open tens of thousands of connections. */
    private ByteBuffer in = ByteBuffer.allocate(1024);
    private final ArrayDeque<ByteBuffer> pending = new ArrayDeque<>();
    private long skip;
    private boolean closeAfterFlush;

    NullConnection(SocketChannel channel) {
        this.channel = channel;
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
            byte[] response = answer(in, headEnd);
            in.position(headEnd);
            pending.add(NullServer.wrap(response));
            answered++;
        }
        in.compact();
        if (!in.hasRemaining()) {
            if (in.capacity() >= NullServer.MAX_REQUEST_BYTES) {
                pending.add(NullServer.wrap(NullResponses.TOO_LARGE));
                closeAfterFlush = true;
                answered++;
            } else {
                in = ByteBuffer.allocate(in.capacity() * 2).put(in.flip());
            }
        }
        flush();
        return answered;
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

    /** True once the connection should close: answered with close, and the request body fully read. */
    boolean closeAfterFlush() {
        return closeAfterFlush && skip == 0;
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

    /** Picks the response for the head in [position, headEnd) and arms the body skip. */
    private byte[] answer(ByteBuffer b, int headEnd) {
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
        return NullResponses.forRequest(requestLine[0], requestLine[1]);
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
