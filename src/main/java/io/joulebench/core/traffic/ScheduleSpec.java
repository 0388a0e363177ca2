package io.joulebench.core.traffic;

import java.util.Objects;

/**
 * Everything an arrival schedule is built from, and nothing else (never transport progress).
 *
 * @param rate           requests per second, finite and &gt; 0
 * @param arrival        the inter-arrival distribution
 * @param burstiness     the CV of the gaps, &gt; 0; used by {@link ArrivalProcess#GAMMA} only (default 1.0)
 * @param seed           the generator seed, or null to draw one from entropy (the schedule records it)
 * @param count          exactly this many requests (≥ 1), or null for a horizon-bound schedule
 * @param horizonSeconds keep offsets ≤ this (&gt; 0), or null for a count-bound schedule
 */
public record ScheduleSpec(double rate, ArrivalProcess arrival, double burstiness, Long seed,
                           Integer count, Double horizonSeconds) {

    public static final double DEFAULT_BURSTINESS = 1.0;

    public ScheduleSpec {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a finite number > 0 (got " + rate + ")");
        }
        Objects.requireNonNull(arrival, "arrival");
        if (!(burstiness > 0) || Double.isInfinite(burstiness)) {
            throw new IllegalArgumentException("burstiness must be a finite number > 0 (got " + burstiness + ")");
        }
        if ((count == null) == (horizonSeconds == null)) {
            throw new IllegalArgumentException("exactly one of count and horizonSeconds must be set");
        }
        if (count != null && count < 1) {
            throw new IllegalArgumentException("count must be ≥ 1 (got " + count + ")");
        }
        if (horizonSeconds != null && (!(horizonSeconds > 0) || horizonSeconds.isInfinite())) {
            throw new IllegalArgumentException("horizonSeconds must be a finite number > 0 (got " + horizonSeconds + ")");
        }
    }

    public static ScheduleSpec ofCount(double rate, ArrivalProcess arrival, double burstiness, Long seed, int count) {
        return new ScheduleSpec(rate, arrival, burstiness, seed, count, null);
    }

    public static ScheduleSpec ofHorizon(double rate, ArrivalProcess arrival, double burstiness, Long seed,
                                         double horizonSeconds) {
        return new ScheduleSpec(rate, arrival, burstiness, seed, null, horizonSeconds);
    }

    /** Poisson arrivals, default burstiness. */
    public static ScheduleSpec poisson(double rate, Long seed, int count) {
        return ofCount(rate, ArrivalProcess.POISSON, DEFAULT_BURSTINESS, seed, count);
    }

    /** The same spec with the seed fixed. */
    public ScheduleSpec withSeed(long newSeed) {
        return new ScheduleSpec(rate, arrival, burstiness, newSeed, count, horizonSeconds);
    }

    /** Gamma shape k = 1/CV² of the configured burstiness (the vLLM / ML.ENERGY "burstiness" convention). */
    public double gammaShapeK() {
        return 1.0 / (burstiness * burstiness);
    }
}
