package io.joulebench.engine;

/**
 * One request inside the scheduler: admitted FIFO, prefilled once (less what the prefix cache holds), then one token
 * per decode step.
 */
final class Sequence {

    final long index;
    final int promptTokens;
    final int targetTokens;
    final String finishReason;
    final TokenSink sink;
    final long[] blockHashes;
    int generated;
    /** Prompt tokens the prefix cache served, set on admission (before the first token is published). */
    volatile int cachedTokens;
    /** Ground truth so far (scheduler thread only): see {@link TrueEnergyLedger}. */
    double trueEnergyJ;
    private volatile boolean cancelled;

    Sequence(long index, int promptTokens, int targetTokens, String finishReason, TokenSink sink) {
        this(index, promptTokens, targetTokens, finishReason, sink, new long[0]);
    }

    Sequence(long index, int promptTokens, int targetTokens, String finishReason, TokenSink sink,
             long[] blockHashes) {
        this.index = index;
        this.blockHashes = blockHashes;
        this.promptTokens = promptTokens;
        this.targetTokens = targetTokens;
        this.finishReason = finishReason;
        this.sink = sink;
    }

    /** Prompt tokens this sequence's prefill computes: all but the cached ones. */
    int prefillTokens() {
        return promptTokens - cachedTokens;
    }

    /** KV tokens reserved while it runs: its whole prompt and every token it will generate. */
    long kvTokens() {
        return (long) promptTokens + targetTokens;
    }

    /** The client went away: the scheduler drops the sequence at its next step. */
    void cancel() {
        cancelled = true;
    }

    boolean cancelled() {
        return cancelled;
    }
}
