package io.joulebench.core.traffic;

/**
 * One row of a replayed trace, whatever format it was read from.
 *
 * @param offsetSeconds arrival offset in seconds, ≥ 0 and non-decreasing along the trace (from the run origin for
 *                      {@link TraceCsv}; from the file's first row for {@code io.joulebench.core.traffic.trace};
 *                      the scheduled instant once a slice is replayed)
 * @param inputTokens   the recorded prompt length, or null when the trace has no such column or cell
 * @param outputTokens  the recorded output length, or null when absent
 * @param hashIds       the prompt's block hashes (Mooncake {@code hash_ids}: one per block, equal leading ids = a
 *                      shared prefix), empty when the format has none; not copied, so callers must not change it
 * @param turn          where the row sits in a recorded conversation (a session trace), or null
 */
public record TraceEntry(double offsetSeconds, Integer inputTokens, Integer outputTokens, int[] hashIds,
                         TraceTurn turn) {

    /**
     * A recorded conversation turn (a session trace, docs/workloads.md).
     *
     * @param chatId       this request's id
     * @param parentChatId the id of the request this one follows in its conversation, or null for a first turn
     * @param turn         the turn number as recorded (1 for a first turn)
     */
    public record TraceTurn(long chatId, Long parentChatId, int turn) {
    }

    public TraceEntry(double offsetSeconds, Integer inputTokens, Integer outputTokens, int[] hashIds) {
        this(offsetSeconds, inputTokens, outputTokens, hashIds, null);
    }

    /** The hash ids of a row that has none (one shared instance, so such rows compare equal). */
    public static final int[] NO_HASH_IDS = new int[0];

    public TraceEntry {
        hashIds = hashIds == null || hashIds.length == 0 ? NO_HASH_IDS : hashIds;
    }

    /** A row without hash ids. */
    public TraceEntry(double offsetSeconds, Integer inputTokens, Integer outputTokens) {
        this(offsetSeconds, inputTokens, outputTokens, NO_HASH_IDS);
    }

    /** The same row at another offset (a slice's scheduled instant). */
    public TraceEntry atOffset(double seconds) {
        return new TraceEntry(seconds, inputTokens, outputTokens, hashIds, turn);
    }
}
