package io.joulebench.core.session;

import io.joulebench.core.energy.DomainBracket;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.time.Clock;
import java.util.List;

/**
 * How the levels of a session measure: the session's clock and meter, the host meter beside it (null when the study
 * measures no host), the study's bracket options and headline domain, and the {@link EnergyContext} (source,
 * selection reasons, baseline) stamped on every result.
 */
record SessionMeasurement(Clock clock, EnergyMeter meter, EnergyMeter hostMeter,
                          SampledMeasurementBracket.Options bracketOptions, HeadlineDomain headline,
                          EnergyContext energy) {

    /** The session meter alone, headline gpu. */
    SessionMeasurement(Clock clock, EnergyMeter meter, SampledMeasurementBracket.Options bracketOptions,
                       EnergyContext energy) {
        this(clock, meter, null, bracketOptions, HeadlineDomain.GPU, energy);
    }

    /** A new, unopened bracket on the session meter and, when there is one, the host meter (all its devices). */
    DomainBracket bracket() {
        return new DomainBracket(new SampledMeasurementBracket(meter, clock, bracketOptions), hostMeter == null ? null
                : new SampledMeasurementBracket(hostMeter, clock, bracketOptions.withDevices(List.of())),
                headline);
    }
}
