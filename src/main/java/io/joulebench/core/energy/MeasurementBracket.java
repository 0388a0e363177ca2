package io.joulebench.core.energy;

/**
 * Opened at a window's start and closed at its end. Energy is the counter delta between the two edges; a power
 * sampler runs in between for the cross-check, the charts and the warmup gate. Each bracket is used once.
 */
public interface MeasurementBracket extends AutoCloseable {

    /** Reads the opening edge and starts sampling. */
    void open();

    /** Reads the closing edge, stops sampling and returns the result. */
    BracketResult finish();

    /**
     * Finishes this bracket and opens {@code next} (fresh, never opened) on the same edge: this bracket's closing
     * edge is {@code next}'s opening edge, so consecutive windows tile the energy counter with no gap and no
     * overlap, and their energies sum to the counter's delta over all of them. A bracket that cannot share its edge
     * with {@code next} (another implementation, meter or device selection) just finishes and leaves {@code next}
     * unopened, for the caller to {@link #open()}; {@link Handover#nextOpened()} says which happened.
     */
    default Handover finishInto(MeasurementBracket next) {
        return new Handover(finish(), false);
    }

    /** Releases the sampler without a result; a no-op when not open or already finished. Never throws. */
    @Override
    void close();

    /**
     * @param result     the finished bracket's result
     * @param nextOpened true when the next bracket was opened on the shared edge
     */
    record Handover(BracketResult result, boolean nextOpened) {
    }
}
