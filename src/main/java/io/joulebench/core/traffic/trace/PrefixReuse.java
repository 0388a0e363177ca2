package io.joulebench.core.traffic.trace;

import java.util.HashSet;
import java.util.Set;

/**
 * Which leading blocks of a prompt repeat an earlier prompt's, from {@code hash_ids} alone (Mooncake's convention:
 * one id per block, identical leading ids = a shared prefix). Only whole blocks inside the prompt count, and only
 * the leading run of ids seen before. Feed rows in request order; not thread-safe.
 */
public final class PrefixReuse {

    private final Set<Integer> seen = new HashSet<>();

    /** Leading blocks of {@code hashIds} seen in earlier rows (then remembers all of this row's ids). */
    public int sharedBlocks(int[] hashIds) {
        int run = 0;
        while (run < hashIds.length && seen.contains(hashIds[run])) {
            run++;
        }
        for (int id : hashIds) {
            seen.add(id);
        }
        return run;
    }

    /** Tokens of a prompt of {@code inputTokens} in whole blocks shared with earlier rows. */
    public int sharedTokens(int[] hashIds, int inputTokens, int blockSize) {
        int fullBlocks = Math.min(hashIds.length, inputTokens / blockSize);
        return Math.min(sharedBlocks(hashIds), fullBlocks) * blockSize;
    }
}
