package io.joulebench.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Continuous batching without threads or clocks: {@link #plan()} admits waiting sequences FIFO up to
 * {@code max_num_seqs} and says how long the next step takes; {@link #finishStep} gives every running sequence one
 * token and retires the finished ones. Step time = prefill_s_per_token × (prompt tokens admitted in this step)
 * + decode_base_s + decode_per_seq_s × batch size. Not thread-safe; {@link EngineCore} guards it.
 */
final class BatchScheduler {

    /** One planned step: its duration and the batch size decoded in it. */
    record Step(long durationNanos, int batchSize, int admitted, int prefillTokens, List<Sequence> batch) {
    }

    private final EngineProfile profile;
    private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
    private final List<Sequence> running = new ArrayList<>();

    BatchScheduler(EngineProfile profile) {
        this.profile = profile;
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

    /** Admits what fits and plans the next step; null when there is nothing to run. */
    Step plan() {
        running.removeIf(Sequence::cancelled);
        waiting.removeIf(Sequence::cancelled);
        int admitted = 0;
        int prefillTokens = 0;
        while (running.size() < profile.maxNumSeqs() && !waiting.isEmpty()) {
            Sequence s = waiting.pollFirst();
            running.add(s);
            admitted++;
            prefillTokens += s.promptTokens;
        }
        if (running.isEmpty()) {
            return null;
        }
        double seconds = profile.prefillSPerToken() * prefillTokens + profile.decodeBaseS()
                + profile.decodePerSeqS() * running.size();
        return new Step(Math.round(seconds * 1e9), running.size(), admitted, prefillTokens, List.copyOf(running));
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
            if (s.cancelled()) {
                it.remove();
                continue;
            }
            s.generated++;
            tokens++;
            s.sink.tokens(s.generated, nowNanos);
            if (s.generated >= s.targetTokens) {
                it.remove();
                finished.add(s);
            }
        }
        return tokens;
    }
}
