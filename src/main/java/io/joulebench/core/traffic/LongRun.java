package io.joulebench.core.traffic;

import java.util.Arrays;

/**
 * A growable run of primitive longs (a stream's token times), stored in blocks so that growing never copies what is
 * stored: the first block is small (most answers are short), each next one doubles up to {@value #MAX_BLOCK} values.
 * A long stream costs its 8 bytes per value here plus 8 in {@link #toArray()}. Not thread-safe.
 */
final class LongRun {

    private static final int FIRST_BLOCK = 64;
    static final int MAX_BLOCK = 512;

    private long[][] blocks = new long[4][];
    private int blockCount;
    private long[] current;
    private int inCurrent;
    private int size;

    void add(long value) {
        if (current == null || inCurrent == current.length) {
            if (blockCount == blocks.length) {
                blocks = Arrays.copyOf(blocks, blocks.length * 2);
            }
            current = new long[current == null ? FIRST_BLOCK : Math.min(MAX_BLOCK, current.length * 2)];
            blocks[blockCount++] = current;
            inCurrent = 0;
        }
        current[inCurrent++] = value;
        size++;
    }

    int size() {
        return size;
    }

    /** The values in order, in an array of their exact length. */
    long[] toArray() {
        long[] out = new long[size];
        int at = 0;
        for (int b = 0; b < blockCount && at < size; b++) {
            int n = Math.min(blocks[b].length, size - at);
            System.arraycopy(blocks[b], 0, out, at, n);
            at += n;
        }
        return out;
    }
}
