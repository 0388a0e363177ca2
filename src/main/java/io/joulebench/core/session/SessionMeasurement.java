package io.joulebench.core.session;

import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.time.Clock;

/**
 * How the levels of a session measure: the session's clock and meter, the study's bracket options, and the
 * {@link EnergyContext} (source, selection reasons, baseline) stamped on every result.
 */
record SessionMeasurement(Clock clock, EnergyMeter meter, SampledMeasurementBracket.Options bracketOptions,
                          EnergyContext energy) {

    /** A new, unopened bracket on the session meter. */
    SampledMeasurementBracket bracket() {
        return new SampledMeasurementBracket(meter, clock, bracketOptions);
    }
}
