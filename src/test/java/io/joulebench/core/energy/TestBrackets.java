package io.joulebench.core.energy;

import java.time.Instant;
import java.util.List;

/** Brackets for tests that need a window's energy but not how it was measured. */
public final class TestBrackets {

    private TestBrackets() {
    }

    /** A counter bracket of one simulated device over {@code [startNanos, endNanos]}, without samples or warnings. */
    public static BracketResult of(long startNanos, long endNanos, Double energyJ) {
        return new BracketResult(new BracketResult.Span(startNanos, endNanos, Instant.EPOCH, Instant.EPOCH),
                new BracketResult.Provenance("simulated", EnergyKind.SIMULATED, EnergyMethod.COUNTER,
                        List.of(new DeviceInfo(0, "reference-gpu", "sim-0"))),
                energyJ, energyJ == null ? List.of() : List.of(energyJ), null, null, List.of(), List.of());
    }
}
