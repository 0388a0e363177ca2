package io.joulebench.core.energy;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a bracket aligns its edges to the ticks of a quantised energy counter (decision record 0002). At an edge the
 * bracket polls the counter until it ticks (at most {@value #BOUND_FACTOR} × the update period), then back-corrects
 * the new value to the edge time with the measured power. It polls every {@code pollInterval}, or every
 * 1/{@value #POLLS_PER_PERIOD} of the update period when that is longer (a 30 s DCGM exporter interval is polled
 * every 300 ms, not 15 000 times per edge).
 *
 * @param enabled              false: take the counter value read at the edge as is
 * @param updatePeriodOverride the counter's update period; null = what the meter reports
 * @param pollInterval         the shortest poll period while waiting for the tick
 */
public record EdgeAlignment(boolean enabled, Duration updatePeriodOverride, Duration pollInterval) {

    /** Poll at most this many update periods for the tick. */
    public static final double BOUND_FACTOR = 2.5;
    /** Polls per update period at the most; bounds the tick-time uncertainty to ±½ of 1 % of the period. */
    public static final int POLLS_PER_PERIOD = 100;

    public EdgeAlignment {
        Objects.requireNonNull(pollInterval, "pollInterval");
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be > 0");
        }
        if (updatePeriodOverride != null && (updatePeriodOverride.isNegative() || updatePeriodOverride.isZero())) {
            throw new IllegalArgumentException("updatePeriodOverride must be > 0");
        }
    }

    /** On for meters that report an update period, polling every 5 ms. */
    public static EdgeAlignment auto() {
        return new EdgeAlignment(true, null, Duration.ofMillis(5));
    }

    public static EdgeAlignment off() {
        return new EdgeAlignment(false, null, Duration.ofMillis(5));
    }

    public EdgeAlignment withUpdatePeriod(Duration period) {
        return new EdgeAlignment(true, period, pollInterval);
    }

    /** How often to poll for the tick of a counter with this update period. */
    public Duration pollIntervalFor(Duration updatePeriod) {
        Duration scaled = updatePeriod.dividedBy(POLLS_PER_PERIOD);
        return scaled.compareTo(pollInterval) > 0 ? scaled : pollInterval;
    }

    /** The update period to align to for this meter, or empty when no alignment applies. */
    public Optional<Duration> periodFor(EnergyMeter meter) {
        if (!enabled || !meter.hasEnergyCounter()) {
            return Optional.empty();
        }
        return updatePeriodOverride != null ? Optional.of(updatePeriodOverride) : meter.counterUpdatePeriod();
    }
}
