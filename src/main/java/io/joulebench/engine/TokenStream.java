package io.joulebench.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** The handler side of one sequence: the scheduler publishes counts, the handler's own thread parks until more. */
final class TokenStream implements TokenSink {

    private final Thread reader;
    private volatile int generated;
    private volatile boolean finished;
    private volatile Double trueEnergyJ;

    TokenStream(Thread reader) {
        this.reader = reader;
    }

    @Override
    public void tokens(int generated, long atNanos) {
        this.generated = generated;
        LockSupport.unpark(reader);
    }

    @Override
    public void finished(String finishReason, long atNanos) {
        this.finished = true;
        LockSupport.unpark(reader);
    }

    @Override
    public void trueEnergy(double joules) {
        this.trueEnergyJ = joules;
    }

    /** The sequence's true energy once its last step ran, else null. */
    Double trueEnergyJ() {
        return trueEnergyJ;
    }

    /** Wakes the reader so it can notice that the engine closed. */
    void wake() {
        LockSupport.unpark(reader);
    }

    /** Parks until more than {@code seen} tokens exist, the sequence finished, or {@code stop} says so. */
    int awaitBeyond(int seen, BooleanSupplier stop) {
        while (generated <= seen && !finished && !stop.getAsBoolean()) {
            LockSupport.park(this);
        }
        return generated;
    }
}
