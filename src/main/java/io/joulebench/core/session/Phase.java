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

    /**
     * Measures an action that stops what the meter may read (the drain: the server's shutdown, read by a simulated
     * meter from the server itself), so a failed sample on the way is expected and not warned of.
     */
    static <E extends Exception> Phase measure(String name, EnergyMeter meter, Clock clock,
                                               SampledMeasurementBracket.Options options, Action<E> action)
            throws E, InterruptedException {
        Running phase = start(name, meter, clock, options);
        if (phase.bracket != null) {
            phase.bracket.sourceMayStop(); // the measured action stops the server a meter may read (the drain)
        }
        try {
            action.run();
        } catch (Exception | Error e) {
            phase.abandon();
            throw e;
        }
        return phase.finish();
    }

    /** Starts timing now, and the energy bracket too when {@code meter} is not null. */
    static Running start(String name, EnergyMeter meter, Clock clock, SampledMeasurementBracket.Options options) {
        Running r = new Running(name, clock, options);
        r.meterFromNow(meter);
        return r;
    }

    /** A phase under way: {@link #finish()} once, or {@link #abandon()} when it failed. */
    static final class Running {
        private final String name;
        private final Clock clock;
        private final SampledMeasurementBracket.Options options;
        private final long start;
        private SampledMeasurementBracket bracket;

        private Running(String name, Clock clock, SampledMeasurementBracket.Options options) {
            this.name = name;
            this.clock = clock;
            this.options = options;
            this.start = clock.nanoTime();
        }

        /**
         * Opens the energy bracket now, when none is open: for a meter that exists only once the server does, the
         * energy then covers the rest of the phase (the readiness wait), not its first moments.
         */
        void meterFromNow(EnergyMeter meter) {
            if (meter == null || bracket != null) {
                return;
            }
            try {
                bracket = new SampledMeasurementBracket(meter, clock, options);
                bracket.open();
            } catch (RuntimeException e) {
                LOG.warn("the {} phase runs unmeasured: {}", name, e.getMessage());
                abandon();
            }
        }

        Phase finish() {
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
                    abandon();
                }
            }
            return new Phase(duration, energy);
        }

        void abandon() {
            if (bracket != null) {
                bracket.close();
                bracket = null;
            }
        }
    }
}
