package io.joulebench.core.traffic;

import java.util.Objects;

/**
 * Everything an arrival schedule is built from, and nothing else (never transport progress). A spec that would give
 * gaps which are not finite positive doubles is refused here with an {@link InvalidScheduleException} naming the field.
 *
 * @param rate           requests per second, finite and &gt; 0 with a finite mean gap 1/rate
 * @param arrival        the inter-arrival distribution
 * @param burstiness     the CV of the gaps, in (0, {@value #MAX_BURSTINESS}] with a finite shape k = 1/CV²; used by
 *                       {@link ArrivalProcess#GAMMA} only (default 1.0)
 * @param seed           the generator seed, or null to draw one from entropy (the schedule records it)
 * @param count          exactly this many requests (≥ 1), or null for a horizon-bound schedule
 * @param horizonSeconds keep offsets ≤ this (&gt; 0), or null for a count-bound schedule
 */
public record ScheduleSpec(double rate, ArrivalProcess arrival, double burstiness, Long seed,
                           Integer count, Double horizonSeconds) {

    public static final double DEFAULT_BURSTINESS = 1.0;

    /**
     * The largest CV accepted. Gamma gaps for k &lt; 1 are drawn as Gamma(k+1)·U^(1/k), and U^(1/k) underflows to
     * exactly 0 when ln U &lt; −745·k: at CV 10 (k = 0.01) that is 0.06 % of the gaps, at CV 100 already 93 %, and
     * beyond that every gap is 0 s and the schedule no longer has the requested rate.
     */
    public static final double MAX_BURSTINESS = 10.0;

    public ScheduleSpec {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidScheduleException("rate", "must be a finite number > 0 (got " + rate + ")");
        }
        if (Double.isInfinite(1.0 / rate)) {
            throw new InvalidScheduleException("rate", "is too small (got " + rate
                    + "): the mean gap 1/rate overflows a double");
        }
        Objects.requireNonNull(arrival, "arrival");
        if (!(burstiness > 0) || Double.isInfinite(burstiness)) {
            throw new InvalidScheduleException("burstiness", "must be a finite number > 0 (got " + burstiness + ")");
        }
        if (burstiness > MAX_BURSTINESS) {
            throw new InvalidScheduleException("burstiness", "must be ≤ " + (int) MAX_BURSTINESS + " (got " + burstiness
                    + "): above it gamma gaps underflow to exactly 0 s");
        }
        if (Double.isInfinite(1.0 / (burstiness * burstiness))) {
            throw new InvalidScheduleException("burstiness", "is too small (got " + burstiness
                    + "): the shape k = 1/CV² overflows a double");
        }
        if (arrival == ArrivalProcess.GAMMA && burstiness * burstiness / rate < Double.MIN_NORMAL) {
            throw new InvalidScheduleException("burstiness", "is too small for a rate of " + rate + " (got "
                    + burstiness + "): the gamma scale CV²/rate underflows");
        }
        if ((count == null) == (horizonSeconds == null)) {
            throw new InvalidScheduleException("count", "or horizonSeconds: exactly one of them must be set");
        }
        if (count != null && count < 1) {
            throw new InvalidScheduleException("count", "must be ≥ 1 (got " + count + ")");
        }
        if (horizonSeconds != null && (!(horizonSeconds > 0) || horizonSeconds.isInfinite())) {
            throw new InvalidScheduleException("horizonSeconds", "must be a finite number > 0 (got "
                    + horizonSeconds + ")");
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

    /**
     * The CV of the gaps this spec asks for: the burstiness of a gamma process (what vLLM and ML.ENERGY call
     * burstiness), 1 for Poisson, 0 for constant.
     */
    public double configuredCv() {
        return switch (arrival) {
            case CONSTANT -> 0.0;
            case POISSON -> 1.0;
            case GAMMA -> burstiness;
        };
    }

    /** Gamma shape k = 1/CV² of the configured burstiness (the vLLM / ML.ENERGY "burstiness" convention). */
    public double gammaShapeK() {
        return 1.0 / (burstiness * burstiness);
    }
}
