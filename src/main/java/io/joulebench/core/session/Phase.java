package io.joulebench.core.session;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A measured phase (spec §4.8): launch-to-ready or the drain (server shutdown). The duration is always measured;
 * the energy only when a meter could bracket the phase (null otherwise, never 0). A failure of the phase itself
 * propagates; a failure of the bracket only costs the energy.
 */
record Phase(double durationS, Double energyJ) {

    private static final Logger LOG = LoggerFactory.getLogger(Phase.class);

    @FunctionalInterface
    interface Action<E extends Exception> {
        void run() throws E, InterruptedException;
    }

    static <E extends Exception> Phase measure(String name, EnergyMeter meter, Clock clock,
                                               SampledMeasurementBracket.Options options, Action<E> action)
            throws E, InterruptedException {
        SampledMeasurementBracket bracket = null;
        if (meter != null) {
            try {
                bracket = new SampledMeasurementBracket(meter, clock, options);
                bracket.open();
            } catch (RuntimeException e) {
                LOG.warn("the {} phase runs unmeasured: {}", name, e.getMessage());
                closeQuietly(bracket);
                bracket = null;
            }
        }
        long start = clock.nanoTime();
        try {
            action.run();
        } catch (Exception | Error e) {
            closeQuietly(bracket);
            throw e;
        }
        double duration = (clock.nanoTime() - start) / 1e9;
        Double energy = null;
        if (bracket != null) {
            try {
                BracketResult r = bracket.finish();
                energy = r.energyJ();
            } catch (RuntimeException e) {
                // expected for the drain when the meter reads the server being stopped (simulated, CPU estimate)
                LOG.info("the {} phase energy is unmeasured: {}", name, e.getMessage());
            } finally {
                closeQuietly(bracket);
            }
        }
        return new Phase(duration, energy);
    }

    private static void closeQuietly(SampledMeasurementBracket bracket) {
        if (bracket != null) {
            bracket.close();
        }
    }
}
