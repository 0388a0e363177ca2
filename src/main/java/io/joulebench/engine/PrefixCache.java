package io.joulebench.engine;

import java.util.LinkedHashMap;

/**
 * A simulated automatic prefix cache, as vLLM's: a prompt is cut into blocks of {@value #BLOCK_TOKENS} tokens, each
 * full block keyed by a hash of every token up to and including it, so only an identical leading run of blocks hits.
 * At most {@code capacityTokens / BLOCK_TOKENS} blocks are kept, the least recently used evicted first; a prompt's
 * later blocks count as older than its earlier ones, so a prompt's tail goes before its head. The last prompt token
 * is always prefilled (a fully cached prompt still computes one token), so at most {@code (prompt − 1) / BLOCK_TOKENS}
 * blocks hit. Not thread-safe; the scheduler's lock guards it.
 */
final class PrefixCache {

    static final int BLOCK_TOKENS = 16;

    private final int capacityBlocks;
    private final LinkedHashMap<Long, Boolean> blocks = new LinkedHashMap<>(256, 0.75f, true);

    PrefixCache(int capacityTokens) {
        if (capacityTokens < 0) {
            throw new IllegalArgumentException("prefix cache capacity must be ≥ 0 tokens");
        }
        this.capacityBlocks = capacityTokens / BLOCK_TOKENS;
    }

    /** The chained hashes of the full blocks of a prompt's ids. */
    static long[] blockHashes(int[] ids) {
        long[] out = new long[ids.length / BLOCK_TOKENS];
        long h = 0x9E3779B97F4A7C15L;
        for (int b = 0; b < out.length; b++) {
            for (int i = b * BLOCK_TOKENS; i < (b + 1) * BLOCK_TOKENS; i++) {
                h = mix(h ^ (ids[i] & 0xFFFFFFFFL));
            }
            out[b] = h;
        }
        return out;
    }

    /**
     * Admits one prompt: counts its cached leading blocks, then keeps all its full blocks. Returns the tokens served
     * from the cache; 0 when the cache is off.
     */
    int admit(long[] blockHashes, int promptTokens) {
        if (capacityBlocks == 0) {
            return 0;
        }
        int usable = Math.min(blockHashes.length, Math.max(0, promptTokens - 1) / BLOCK_TOKENS);
        int hits = 0;
        while (hits < usable && blocks.containsKey(blockHashes[hits])) {
            hits++;
        }
        int keep = Math.min(blockHashes.length, capacityBlocks);
        for (int b = keep - 1; b >= 0; b--) {
            blocks.put(blockHashes[b], Boolean.TRUE);
        }
        while (blocks.size() > capacityBlocks) {
            blocks.pollFirstEntry();
        }
        return hits * BLOCK_TOKENS;
    }

    int cachedBlocks() {
        return blocks.size();
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
