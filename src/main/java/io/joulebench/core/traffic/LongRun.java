package io.joulebench.core.traffic;

import java.util.Arrays;

/**
 * A growable run of primitive longs (a stream's token times), stored in blocks so that growing never copies what is
 * stored: the first block holds {@value #FIRST_BLOCK} values (most answers are short), each next one doubles up to
 * {@value #MAX_BLOCK}. {@link #snapshot()} hands the full blocks out as {@link TokenTimes} without copying them, so a
 * long stream costs its 8 bytes per value about once. Not thread-safe.
 */
final class LongRun {

    static final int FIRST_BLOCK = 64;
    static final int MAX_BLOCK = 512;
    /** Values held by the blocks before the first of {@link #MAX_BLOCK}: 64 + 128 + 256. */
    private static final int BEFORE_FULL_BLOCKS = FIRST_BLOCK * (MAX_BLOCK / FIRST_BLOCK - 1);
    private static final int FULL_BLOCKS_FROM = Integer.numberOfTrailingZeros(MAX_BLOCK / FIRST_BLOCK);

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

    /**
     * The values so far. Full blocks are shared (this run never writes them again); a partly filled last block is
     * copied at its exact length, so a result holds no unused slots and later values do not reach it.
     */
    TokenTimes snapshot() {
        if (size == 0) {
            return TokenTimes.NONE;
        }
        long[][] held = Arrays.copyOf(blocks, blockCount);
        if (inCurrent < current.length) {
            held[blockCount - 1] = Arrays.copyOf(current, inCurrent);
        }
        return TokenTimes.ofBlocks(held, size);
    }

    /** Which block holds value {@code i}. */
    static int blockOf(int i) {
        if (i < BEFORE_FULL_BLOCKS) {
            return 31 - Integer.numberOfLeadingZeros(i / FIRST_BLOCK + 1);
        }
        return FULL_BLOCKS_FROM + (i - BEFORE_FULL_BLOCKS) / MAX_BLOCK;
    }

    /** Where value {@code i} lies in its block. */
    static int offsetInBlock(int i) {
        if (i < BEFORE_FULL_BLOCKS) {
            return i - FIRST_BLOCK * ((1 << blockOf(i)) - 1);
        }
        return (i - BEFORE_FULL_BLOCKS) % MAX_BLOCK;
    }
}
