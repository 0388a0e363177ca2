package io.joulebench.engine;

/** One request inside the scheduler: admitted FIFO, prefilled once, then one token per decode step. */
final class Sequence {

    final long index;
    final int promptTokens;
    final int targetTokens;
    final String finishReason;
    final TokenSink sink;
    int generated;
    /** Ground truth so far (scheduler thread only): see {@link TrueEnergyLedger}. */
    double trueEnergyJ;
    private volatile boolean cancelled;

    Sequence(long index, int promptTokens, int targetTokens, String finishReason, TokenSink sink) {
        this.index = index;
        this.promptTokens = promptTokens;
        this.targetTokens = targetTokens;
        this.finishReason = finishReason;
        this.sink = sink;
    }

    /** The client went away: the scheduler drops the sequence at its next step. */
    void cancel() {
        cancelled = true;
    }

    boolean cancelled() {
        return cancelled;
    }
}
