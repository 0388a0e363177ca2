package io.joulebench.engine;

/** Receives a sequence's progress from the scheduler thread; must be quick and must not block. */
interface TokenSink {

    /** {@code generated} tokens exist now (called once per decode step). */
    void tokens(int generated, long atNanos);

    /** The sequence ended with this finish reason ({@code length} or {@code stop}). */
    void finished(String finishReason, long atNanos);

    /** The sequence's true energy in joules ({@link TrueEnergyLedger}), told before its last token. */
    default void trueEnergy(double joules) {
    }
}
