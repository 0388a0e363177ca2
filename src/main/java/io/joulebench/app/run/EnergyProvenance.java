package io.joulebench.app.run;

import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.session.EnergyContext;
import java.util.Locale;

/**
 * Where the run's energy figures come from, as the live view says it: the kind (measured, estimated, simulated) and
 * its one-line {@link EnergyLabel}. A source that reads the running server is known from the plan; any other waits
 * for the first level's energy context. Not thread-safe: the live feed calls it under its lock.
 */
final class EnergyProvenance {

    private String kind = "";
    private String label = "";

    void clear() {
        kind = "";
        label = "";
    }

    /** The plan's energy sampler: gives the kind early when the source needs the running server. */
    void planned(String sampler) {
        if (!kind.isEmpty()) {
            return;
        }
        kind = EnergySource.fromWire(sampler).filter(EnergySource::needsRunningServer)
                .map(s -> s.kind().label()).orElse("");
        label = kind.isEmpty() ? "" : EnergyLabel.of(kind, sampler, "");
    }

    /** A level's energy context: the measured kind, source and method. */
    void measured(EnergyContext e) {
        kind = e.kind().name().toLowerCase(Locale.ROOT);
        label = EnergyLabel.of(kind, e.source(), e.method().name().toLowerCase(Locale.ROOT).replace('_', ' '));
    }

    String kind() {
        return kind;
    }

    String label() {
        return label;
    }
}
