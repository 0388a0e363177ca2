package io.joulebench.core.workload;

import java.util.Arrays;

/**
 * The lengths one request of a workload asks for: {@code inputTokens} of prompt, whose leading blocks of
 * {@code blockSize} tokens are named by {@code hashIds} (identical leading ids = a shared prefix, Mooncake's
 * convention; empty when the source has none), and {@code outputTokens} to generate (null: not given).
 */
public record PromptRow(int inputTokens, int[] hashIds, int blockSize, Integer outputTokens) {

    /** Mooncake's block size, the default for traces that name none. */
    public static final int DEFAULT_BLOCK_SIZE = 512;

    public PromptRow {
        if (inputTokens < 0) {
            throw new IllegalArgumentException("input tokens must be >= 0, got " + inputTokens);
        }
        if (blockSize <= 0) {
            throw new IllegalArgumentException("block size must be > 0, got " + blockSize);
        }
        if (outputTokens != null && outputTokens < 0) {
            throw new IllegalArgumentException("output tokens must be >= 0, got " + outputTokens);
        }
        hashIds = hashIds == null ? new int[0] : hashIds.clone();
    }

    @Override
    public int[] hashIds() {
        return hashIds.clone();
    }

    int hashId(int k) {
        return hashIds[k];
    }

    int hashIdCount() {
        return hashIds.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PromptRow r && r.inputTokens == inputTokens && r.blockSize == blockSize
                && Arrays.equals(r.hashIds, hashIds) && java.util.Objects.equals(r.outputTokens, outputTokens);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Integer.hashCode(inputTokens) + Arrays.hashCode(hashIds)) + blockSize;
    }

    @Override
    public String toString() {
        return "PromptRow[inputTokens=" + inputTokens + ", hashIds=" + Arrays.toString(hashIds) + ", blockSize="
                + blockSize + ", outputTokens=" + outputTokens + "]";
    }
}
