package io.joulebench.core.bench;

import java.nio.charset.StandardCharsets;

/**
 * The streaming null server's bytes for one {@link TokenSchedule}: a chunked SSE response head, one HTTP chunk per
 * token whose JSON carries a top-level {@code t_send_ns} (the server's {@code System.nanoTime()} when it wrote the
 * chunk), and a last chunk that adds usage, {@code [DONE]} and the terminating zero chunk. Everything but the send time's
 * digits is encoded once.
 */
final class NullStreamResponses {

    static final String SEND_FIELD = "t_send_ns";
    private static final byte[] HEAD = ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] COMPLETION_PREFIX = ascii("data: {\"id\":\"null\",\"object\":\"text_completion\",\""
            + SEND_FIELD + "\":");
    private static final byte[] COMPLETION_SUFFIX = ascii(",\"choices\":[{\"index\":0,\"text\":\"x\","
            + "\"finish_reason\":null}]}\n\n");
    private static final byte[] CHAT_PREFIX = ascii("data: {\"id\":\"null\",\"object\":\"chat.completion.chunk\",\""
            + SEND_FIELD + "\":");
    private static final byte[] CHAT_SUFFIX = ascii(",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"},"
            + "\"finish_reason\":null}]}\n\n");
    private static final byte[] CRLF = ascii("\r\n");
    private static final byte[] LAST_CHUNK = ascii("0\r\n\r\n");

    private final TokenSchedule schedule;
    private final byte[] completionTail;
    private final byte[] chatTail;
    private final byte[] health;

    NullStreamResponses(TokenSchedule schedule) {
        this.schedule = schedule;
        String usage = "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":" + schedule.tokens()
                + ",\"total_tokens\":" + (schedule.tokens() + 1) + "}}\n\n" + NullResponses.DONE;
        completionTail = ascii("data: {\"id\":\"null\",\"object\":\"text_completion\",\"choices\":[{\"index\":0,"
                + "\"text\":\"\",\"finish_reason\":\"length\"}]," + usage);
        chatTail = ascii("data: {\"id\":\"null\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                + "\"delta\":{},\"finish_reason\":\"length\"}]," + usage);
        health = NullResponses.response(200, "OK", "application/json", healthJson(schedule), false);
    }

    /** {@code GET /health}: the schedule itself, so a client can subtract it (TTFT and ITL distortion). */
    static String healthJson(TokenSchedule schedule) {
        return "{\"status\":\"ok\",\"tokens\":" + schedule.tokens() + ",\"ttft_ns\":" + schedule.ttftNanos()
                + ",\"itl_ns\":" + schedule.itlNanos() + "}";
    }

    TokenSchedule schedule() {
        return schedule;
    }

    byte[] head() {
        return HEAD;
    }

    byte[] health() {
        return health;
    }

    /** Token chunk stamped {@code sendNanos} as one HTTP chunk; the last one also ends the SSE stream and the body. */
    byte[] token(boolean chat, long sendNanos, boolean last) {
        byte[] prefix = chat ? CHAT_PREFIX : COMPLETION_PREFIX;
        byte[] suffix = chat ? CHAT_SUFFIX : COMPLETION_SUFFIX;
        byte[] tail = last ? (chat ? chatTail : completionTail) : new byte[0];
        int digits = digits(sendNanos);
        int payload = prefix.length + digits + suffix.length + tail.length;
        String size = Integer.toHexString(payload);
        byte[] out = new byte[size.length() + 2 + payload + 2 + (last ? LAST_CHUNK.length : 0)];
        int at = 0;
        for (int i = 0; i < size.length(); i++) {
            out[at++] = (byte) size.charAt(i);
        }
        at = put(out, at, CRLF);
        at = put(out, at, prefix);
        at = putDecimal(out, at, sendNanos, digits);
        at = put(out, at, suffix);
        at = put(out, at, tail);
        at = put(out, at, CRLF);
        if (last) {
            put(out, at, LAST_CHUNK);
        }
        return out;
    }

    private static int put(byte[] out, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, out, at, bytes.length);
        return at + bytes.length;
    }

    /** Writes {@code value} (any long; nanoTime may be negative) in {@code digits} characters. */
    private static int putDecimal(byte[] out, int at, long value, int digits) {
        int end = at + digits;
        if (value < 0) {
            out[at] = '-';
        }
        long v = value;
        for (int i = end - 1; i >= at + (value < 0 ? 1 : 0); i--) {
            out[i] = (byte) ('0' + Math.abs(v % 10));
            v /= 10;
        }
        return end;
    }

    static int digits(long value) {
        return Long.toString(value).length();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
