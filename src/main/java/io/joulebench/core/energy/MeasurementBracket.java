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

    /** Releases the sampler without a result; a no-op when not open or already finished. Never throws. */
    @Override
    void close();
}
