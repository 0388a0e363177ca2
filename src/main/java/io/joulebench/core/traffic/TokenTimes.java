package io.joulebench.core.traffic;

import java.util.Arrays;
import java.util.Objects;

/**
 * A request's per-token times (receipts, or the server's send times), read by index without copying them out of the
 * blocks they were received into ({@link LongRun}): a streamed token costs its 8 bytes about once, not again in an
 * exact array. Immutable; a result taken mid-stream holds the values that had arrived by then.
 */
public final class TokenTimes {

    public static final TokenTimes NONE = new TokenTimes(null, new long[0][], 0);

    /** Non-null when the values are one plain array (made by {@link #of}); else {@link LongRun}'s blocks. */
    private final long[] plain;
    private final long[][] blocks;
    private final int size;

    private TokenTimes(long[] plain, long[][] blocks, int size) {
        this.plain = plain;
        this.blocks = blocks;
        this.size = size;
    }

    /** The given values, which this keeps (the caller does not change them afterwards). */
    public static TokenTimes of(long... values) {
        Objects.requireNonNull(values, "values");
        return values.length == 0 ? NONE : new TokenTimes(values, null, values.length);
    }

    /** A view of {@code size} values laid out in {@link LongRun}'s blocks. */
    static TokenTimes ofBlocks(long[][] blocks, int size) {
        return size == 0 ? NONE : new TokenTimes(null, blocks, size);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public long get(int i) {
        Objects.checkIndex(i, size);
        return plain != null ? plain[i] : blocks[LongRun.blockOf(i)][LongRun.offsetInBlock(i)];
    }

    public long first() {
        return get(0);
    }

    public long last() {
        return get(size - 1);
    }

    /** A copy in an array of the exact length (for cold paths and tests; the hot path reads by index). */
    public long[] toArray() {
        if (plain != null) {
            return plain.clone();
        }
        long[] out = new long[size];
        int at = 0;
        for (int b = 0; at < size; b++) {
            int n = Math.min(blocks[b].length, size - at);
            System.arraycopy(blocks[b], 0, out, at, n);
            at += n;
        }
        return out;
    }

    @Override
    public String toString() {
        return Arrays.toString(toArray());
    }
}
