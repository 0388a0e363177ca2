package io.joulebench.core.window;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.traffic.SessionTurn;
import io.joulebench.core.traffic.TokenTimes;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The binary layout of one spilled {@link RequestLogRow}: every fact a {@link RequestColumns} column reads, exact
 * (times as nanoseconds, token receipts as the first one and then zig-zag varint gaps), and nothing else (no text,
 * no server send times). Written and read only by {@link RequestLogSpill}; it is a staging format, never a results
 * file. One int of presence and flag bits, then the fields in a fixed order.
 */
final class RequestRowCodec {

    private static final int DISPATCHED = 1;
    private static final int COMPLETED = 1 << 1;
    private static final int RETRIED = 1 << 2;
    private static final int ERROR = 1 << 3;
    private static final int FINISH = 1 << 4;
    private static final int PROMPT = 1 << 5;
    private static final int COMPLETION = 1 << 6;
    private static final int CACHED = 1 << 7;
    private static final int REQUESTED_INPUT = 1 << 8;
    private static final int REQUESTED_OUTPUT = 1 << 9;
    private static final int SHARED_PREFIX = 1 << 10;
    private static final int SESSION = 1 << 11;
    private static final int IN_WINDOW = 1 << 12;
    private static final int RAMP = 1 << 13;
    private static final int DRAIN = 1 << 14;
    private static final RequestStatus[] STATUSES = RequestStatus.values();

    private RequestRowCodec() {
    }

    static void write(DataOutput out, RequestLogRow row) throws IOException {
        RequestRecord r = row.record();
        CompletionResult c = r.result();
        RequestWorkload w = r.workload();
        out.writeInt(bit(r.dispatchedAtNanos(), DISPATCHED) | bit(r.completedAtNanos(), COMPLETED)
                | bit(c.retriedAtNanos(), RETRIED) | bit(r.error(), ERROR) | bit(c.finishReason(), FINISH)
                | bit(c.serverPromptTokens(), PROMPT) | bit(c.serverCompletionTokens(), COMPLETION)
                | bit(c.serverCachedTokens(), CACHED) | bit(w.requestedInputTokens(), REQUESTED_INPUT)
                | bit(w.requestedOutputTokens(), REQUESTED_OUTPUT) | bit(w.sharedPrefixTokens(), SHARED_PREFIX)
                | bit(w.session(), SESSION) | (row.inMeasurementWindow() ? IN_WINDOW : 0) | (row.isRamp() ? RAMP : 0)
                | (row.completedInDrain() ? DRAIN : 0));
        out.writeInt(r.index());
        out.writeInt(row.levelIndex());
        out.writeInt(row.windowIndex());
        out.writeByte(r.status().ordinal());
        out.writeLong(r.issuedAtNanos());
        writeLong(out, r.dispatchedAtNanos());
        writeLong(out, r.completedAtNanos());
        writeLong(out, c.retriedAtNanos());
        writeText(out, r.error());
        writeText(out, c.finishReason());
        writeInt(out, c.serverPromptTokens());
        writeInt(out, c.serverCompletionTokens());
        writeInt(out, c.serverCachedTokens());
        writeInt(out, w.requestedInputTokens());
        writeInt(out, w.requestedOutputTokens());
        writeInt(out, w.sharedPrefixTokens());
        if (w.session() != null) {
            out.writeInt(w.session().sessionId());
            out.writeInt(w.session().turn());
            out.writeInt(w.session().turns());
            out.writeLong(w.session().readyAtNanos());
        }
        TokenTimes times = c.tokenTimesNanos();
        varint(out, times.size());
        long previous = 0;
        for (int i = 0; i < times.size(); i++) {
            long t = times.get(i);
            if (i == 0) {
                out.writeLong(t);
            } else {
                varint(out, (t - previous) << 1 ^ (t - previous) >> 63);
            }
            previous = t;
        }
    }

    /** The next row; {@link java.io.EOFException} at the end of the spill (or inside a row cut short). */
    static RequestLogRow read(DataInput in) throws IOException {
        int bits = in.readInt();
        int index = in.readInt();
        int level = in.readInt();
        int window = in.readInt();
        RequestStatus status = STATUSES[in.readUnsignedByte()];
        long issued = in.readLong();
        Long dispatched = readLong(in, bits, DISPATCHED);
        Long completed = readLong(in, bits, COMPLETED);
        Long retried = readLong(in, bits, RETRIED);
        String error = readText(in, bits, ERROR);
        String finish = readText(in, bits, FINISH);
        Integer prompt = readInt(in, bits, PROMPT);
        Integer completion = readInt(in, bits, COMPLETION);
        Integer cached = readInt(in, bits, CACHED);
        Integer requestedInput = readInt(in, bits, REQUESTED_INPUT);
        Integer requestedOutput = readInt(in, bits, REQUESTED_OUTPUT);
        Integer sharedPrefix = readInt(in, bits, SHARED_PREFIX);
        SessionTurn session = (bits & SESSION) == 0 ? null
                : new SessionTurn(in.readInt(), in.readInt(), in.readInt(), in.readLong());
        long[] times = new long[(int) readVarint(in)];
        for (int i = 0; i < times.length; i++) {
            long gap = i == 0 ? 0 : readVarint(in);
            times[i] = i == 0 ? in.readLong() : times[i - 1] + (gap >>> 1 ^ -(gap & 1));
        }
        CompletionResult result = new CompletionResult(null, TokenTimes.of(times), prompt, completion, finish, retried,
                (TokenTimes) null, null, cached);
        RequestWorkload workload = new RequestWorkload(requestedInput, requestedOutput, sharedPrefix, session);
        RequestRecord record = new RequestRecord(index, issued, dispatched, completed, status, error, result, null,
                workload);
        return new RequestLogRow(record, level, window, (bits & IN_WINDOW) != 0, (bits & RAMP) != 0,
                (bits & DRAIN) != 0);
    }

    private static int bit(Object value, int bit) {
        return value == null ? 0 : bit;
    }

    private static void writeLong(DataOutput out, Long value) throws IOException {
        if (value != null) {
            out.writeLong(value);
        }
    }

    private static void writeInt(DataOutput out, Integer value) throws IOException {
        if (value != null) {
            out.writeInt(value);
        }
    }

    private static void writeText(DataOutput out, String value) throws IOException {
        if (value != null) {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            varint(out, bytes.length);
            out.write(bytes);
        }
    }

    private static Long readLong(DataInput in, int bits, int bit) throws IOException {
        return (bits & bit) == 0 ? null : in.readLong();
    }

    private static Integer readInt(DataInput in, int bits, int bit) throws IOException {
        return (bits & bit) == 0 ? null : in.readInt();
    }

    private static String readText(DataInput in, int bits, int bit) throws IOException {
        if ((bits & bit) == 0) {
            return null;
        }
        byte[] bytes = new byte[(int) readVarint(in)];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** An unsigned LEB128 varint: 7 bits a byte, low bits first. */
    private static void varint(DataOutput out, long value) throws IOException {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    private static long readVarint(DataInput in) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new java.io.StreamCorruptedException("a varint longer than 64 bits in a request spill");
    }
}
