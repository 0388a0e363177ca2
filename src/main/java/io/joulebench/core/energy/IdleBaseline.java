package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Idle power, measured once (per session) through a bracket while nothing runs, then subtracted from each window:
 * {@code energy_adjusted_j = energy_j − baseline_power_w × duration_s}. The adjusted figure is kept even when
 * negative, and flagged.
 */
public final class IdleBaseline {

    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    /** The measured idle power and how it was obtained. */
    public record Baseline(double powerW, double durationS, String source, EnergyKind kind, EnergyMethod method) {
    }

    /** An adjusted window energy; {@code negative} flags a window that drew less than idle (noise or drift). */
    public record Adjusted(double energyAdjustedJ, boolean negative) {
    }

    private final Supplier<? extends MeasurementBracket> brackets;
    private final Clock clock;
    private final Duration duration;
    private Baseline cached;

    public IdleBaseline(Supplier<? extends MeasurementBracket> brackets, Clock clock, Duration duration) {
        this.brackets = Objects.requireNonNull(brackets, "brackets");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("baseline duration must be > 0, got " + duration);
        }
        this.duration = duration;
    }

    /** Measures on the first call (blocking for the duration); later calls return the same baseline. */
    public synchronized Baseline baseline() throws InterruptedException {
        if (cached == null) {
            cached = measure();
        }
        return cached;
    }

    private Baseline measure() throws InterruptedException {
        try (MeasurementBracket bracket = brackets.get()) {
            bracket.open();
            clock.sleep(duration);
            BracketResult r = bracket.finish();
            if (r.meanPowerW() == null) {
                throw new MeterException("idle baseline could not be measured: " + r.source()
                        + " gave no energy over " + duration.toSeconds() + " s");
            }
            return new Baseline(r.meanPowerW(), r.durationSeconds(), r.source(), r.kind(), r.method());
        }
    }

    public static Adjusted adjust(double energyJ, double baselinePowerW, double durationS) {
        double adjusted = energyJ - baselinePowerW * durationS;
        return new Adjusted(adjusted, adjusted < 0);
    }
}
