package io.joulebench.core.traffic;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Frames one HTTP/1.1 response read in pieces off a non-blocking socket: the status line and headers, then the body
 * by {@code Transfer-Encoding: chunked}, {@code Content-Length} or the connection's close, handing body bytes to a
 * sink as they arrive. No allocation per body byte; one per head. Not thread-safe: the event loop's only.
 */
final class HttpResponseReader {

    /** A head longer than this is not an HTTP server we can talk to. */
    static final int MAX_HEAD_BYTES = 64 * 1024;

    /** Where body bytes go. */
    interface Sink {
        void body(byte[] bytes, int offset, int length) throws Exception;
    }

    /** The response is not HTTP/1.x as we can read it. */
    static final class BadResponseException extends Exception {
        BadResponseException(String message) {
            super(message);
        }
    }

    private enum State { HEAD, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, LENGTH, UNTIL_CLOSE, DONE }

    private State state = State.HEAD;
    private final StringBuilder line = new StringBuilder(128);
    private int headBytes;
    private int status;
    private boolean http11;
    private boolean connectionClose;
    private boolean chunked;
    private long contentLength = -1;
    private boolean eventStream;
    private long remaining;
    /** Inside the head of an interim (1xx) response, which the real one follows. */
    private boolean skipInterim;

    /** Reads {@code bytes}; returns how many belong to this response (the rest would be the next one's). */
    int feed(byte[] bytes, int offset, int length, Sink sink) throws Exception {
        int i = offset;
        int end = offset + length;
        while (i < end && state != State.DONE) {
            switch (state) {
                case HEAD, CHUNK_SIZE, CHUNK_END, TRAILERS -> {
                    byte b = bytes[i++];
                    if (state == State.HEAD && ++headBytes > MAX_HEAD_BYTES) {
                        throw new BadResponseException("response head exceeds " + MAX_HEAD_BYTES + " bytes");
                    }
                    if (b == '\n') {
                        String text = line.toString();
                        line.setLength(0);
                        endLine(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
                    } else if (line.length() < MAX_HEAD_BYTES) {
                        line.append((char) (b & 0xff));
                    } else {
                        throw new BadResponseException("a chunk-size or trailer line is too long");
                    }
                }
                case CHUNK_DATA, LENGTH -> {
                    int n = (int) Math.min(remaining, end - i);
                    sink.body(bytes, i, n);
                    i += n;
                    remaining -= n;
                    if (remaining == 0) {
                        state = state == State.LENGTH ? State.DONE : State.CHUNK_END;
                    }
                }
                case UNTIL_CLOSE -> {
                    sink.body(bytes, i, end - i);
                    i = end;
                }
                case DONE -> throw new IllegalStateException();
            }
        }
        return i - offset;
    }

    private void endLine(String text) throws BadResponseException {
        switch (state) {
            case HEAD -> headLine(text);
            case CHUNK_SIZE -> {
                int semicolon = text.indexOf(';');
                String hex = (semicolon < 0 ? text : text.substring(0, semicolon)).strip();
                try {
                    remaining = Long.parseLong(hex, 16);
                } catch (NumberFormatException e) {
                    throw new BadResponseException("bad chunk size '" + OpenAiStreamParser.excerpt(text) + "'");
                }
                if (remaining < 0) {
                    throw new BadResponseException("negative chunk size");
                }
                state = remaining == 0 ? State.TRAILERS : State.CHUNK_DATA;
            }
            case CHUNK_END -> {
                if (!text.isEmpty()) {
                    throw new BadResponseException("chunk data longer than its size");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (text.isEmpty()) {
                    state = State.DONE;
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void headLine(String text) throws BadResponseException {
        if (skipInterim) {
            skipInterim = !text.isEmpty(); // an interim head's own header lines are ignored
            return;
        }
        if (status == 0) {
            if (!text.startsWith("HTTP/1.") || text.length() < 12) {
                throw new BadResponseException("not an HTTP/1.x status line: '" + OpenAiStreamParser.excerpt(text) + "'");
            }
            http11 = text.startsWith("HTTP/1.1");
            try {
                status = Integer.parseInt(text.substring(9, 12));
            } catch (NumberFormatException e) {
                throw new BadResponseException("bad status line '" + OpenAiStreamParser.excerpt(text) + "'");
            }
            if (status / 100 == 1) {
                status = 0; // an interim response (100 Continue): its head ends, the real one follows
                skipInterim = true;
            }
            return;
        }
        if (!text.isEmpty()) {
            header(text);
            return;
        }
        if (status == 204 || status == 304) {
            state = State.DONE;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (contentLength >= 0) {
            remaining = contentLength;
            state = contentLength == 0 ? State.DONE : State.LENGTH;
        } else {
            state = State.UNTIL_CLOSE;
        }
    }

    private void header(String text) throws BadResponseException {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new BadResponseException("bad header line '" + OpenAiStreamParser.excerpt(text) + "'");
        }
        String name = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String value = text.substring(colon + 1).strip().toLowerCase(Locale.ROOT);
        switch (name) {
            case "transfer-encoding" -> chunked = value.endsWith("chunked");
            case "content-length" -> {
                try {
                    contentLength = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new BadResponseException("bad Content-Length '" + OpenAiStreamParser.excerpt(value) + "'");
                }
            }
            case "connection" -> connectionClose = value.contains("close");
            case "content-type" -> eventStream = value.startsWith("text/event-stream");
            default -> { }
        }
    }

    /** The connection closed: a close-delimited body ends here; any other state is a truncated response. */
    void endOfInput() {
        if (state == State.UNTIL_CLOSE) {
            state = State.DONE;
        }
    }

    boolean headRead() {
        return state != State.HEAD;
    }

    boolean done() {
        return state == State.DONE;
    }

    int status() {
        return status;
    }

    /** A streamed (SSE or chunked) response: the kind llama.cpp closes the connection after. */
    boolean streamed() {
        return chunked || eventStream;
    }

    /** Whether the connection may carry the next request once this response is done. */
    boolean reusable() {
        return http11 && !connectionClose && state == State.DONE && (chunked || contentLength >= 0);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
