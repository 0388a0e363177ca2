package io.joulebench.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Continuous batching without threads or clocks: {@link #plan()} admits waiting sequences FIFO up to
 * {@code max_num_seqs} (and, with a KV capacity, while the running batch's reserved prompt + target tokens fit it)
 * and says how long the next step takes; {@link #finishStep} gives every running sequence one token and retires the
 * finished ones. Step time = prefill_s_per_token × (prompt tokens admitted in this step, less those the prefix cache
 * served) + decode_base_s + decode_per_seq_s × batch size. Not thread-safe; {@link EngineCore} guards it.
 */
final class BatchScheduler {

    /**
     * One planned step: its duration and the batch size decoded in it; {@code promptTokens} of the sequences admitted
     * in it, {@code cachedTokens} of those the prefix cache served, {@code prefillTokens} the rest (computed).
     */
    record Step(long durationNanos, int batchSize, int admitted, int promptTokens, int cachedTokens,
                int prefillTokens, List<Sequence> batch) {
    }

    private final EngineProfile profile;
    private final PrefixCache prefixCache;
    private final long kvCacheTokens;
    private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
    private final List<Sequence> running = new ArrayList<>();
    private long kvReserved;

    BatchScheduler(EngineProfile profile) {
        this(profile, new PrefixCache(0), 0);
    }

    /**
     * @param kvCacheTokens the most prompt + target tokens the running batch may hold; 0 = no limit but
     *                      {@code max_num_seqs}. A sequence larger than the whole capacity still runs, alone.
     */
    BatchScheduler(EngineProfile profile, PrefixCache prefixCache, long kvCacheTokens) {
        this.profile = profile;
        this.prefixCache = prefixCache;
        this.kvCacheTokens = kvCacheTokens;
    }

    void enqueue(Sequence sequence) {
        waiting.addLast(sequence);
    }

    boolean idle() {
        return running.isEmpty() && waiting.isEmpty();
    }

    int running() {
        return running.size();
    }

    int waiting() {
        return waiting.size();
    }

    /** KV tokens the running batch holds (prompt + target of each running sequence). */
    long kvReserved() {
        return kvReserved;
    }

    private boolean kvFits(Sequence next) {
        return kvCacheTokens <= 0 || running.isEmpty() || kvReserved + next.kvTokens() <= kvCacheTokens;
    }

    /** True (releasing its KV reservation) when a running sequence's client went away. */
    private boolean dropIfCancelled(Sequence s) {
        if (s.cancelled()) {
            kvReserved -= s.kvTokens();
            return true;
        }
        return false;
    }

    /** Admits what fits and plans the next step; null when there is nothing to run. */
    Step plan() {
        running.removeIf(this::dropIfCancelled);
        waiting.removeIf(Sequence::cancelled);
        int admitted = 0;
        int promptTokens = 0;
        int cachedTokens = 0;
        while (running.size() < profile.maxNumSeqs() && !waiting.isEmpty() && kvFits(waiting.peekFirst())) {
            Sequence s = waiting.pollFirst();
            s.cachedTokens = prefixCache.admit(s.blockHashes, s.promptTokens);
            running.add(s);
            kvReserved += s.kvTokens();
            admitted++;
            promptTokens += s.promptTokens;
            cachedTokens += s.cachedTokens;
        }
        int prefillTokens = promptTokens - cachedTokens;
        if (running.isEmpty()) {
            return null;
        }
        double seconds = profile.prefillSPerToken() * prefillTokens + profile.decodeBaseS()
                + profile.decodePerSeqS() * running.size();
        return new Step(Math.round(seconds * 1e9), running.size(), admitted, promptTokens, cachedTokens,
                prefillTokens, List.copyOf(running));
    }

    /**
     * Ends the step at {@code nowNanos}: one token to each live running sequence, retiring the finished ones into
     * {@code finished} (their sinks are not told yet, so the caller can publish its counters first); returns the
     * tokens made.
     */
    int finishStep(long nowNanos, List<Sequence> finished) {
        int tokens = 0;
        for (Iterator<Sequence> it = running.iterator(); it.hasNext(); ) {
            Sequence s = it.next();
            if (dropIfCancelled(s)) {
                it.remove();
                continue;
            }
            s.generated++;
            tokens++;
            s.sink.tokens(s.generated, nowNanos);
            if (s.generated >= s.targetTokens) {
                it.remove();
                kvReserved -= s.kvTokens();
                finished.add(s);
            }
        }
        return tokens;
    }
}
