package io.joulebench.core.traffic;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Arrival offsets in seconds from the run origin, built once before issuance. Offsets are cumulative sums of gaps, so
 * the first offset is the first gap (never 0 unless a gap is). Same spec and seed ⇒ byte-identical offsets.
 */
public final class ArrivalSchedule {

    /** Guards memory: a schedule is a double per request. */
    public static final int MAX_REQUESTS = 20_000_000;

    private final ScheduleSpec spec;
    private final double[] offsets;

    private ArrivalSchedule(ScheduleSpec spec, double[] offsets) {
        this.spec = spec;
        this.offsets = offsets;
    }

    /** Builds the schedule; a null seed is drawn from entropy and recorded in {@link #spec()}. */
    public static ArrivalSchedule build(ScheduleSpec spec) {
        ScheduleSpec seeded = spec.seed() != null ? spec : spec.withSeed(new SplittableRandom().nextLong());
        GapSampler sampler = new GapSampler(seeded.arrival(), seeded.rate(), seeded.burstiness(), seeded.seed());
        double[] offsets = seeded.count() != null
                ? byCount(sampler, seeded.count())
                : byHorizon(sampler, seeded.rate(), seeded.horizonSeconds());
        return new ArrivalSchedule(seeded, offsets);
    }

    private static double[] byCount(GapSampler sampler, int count) {
        if (count > MAX_REQUESTS) {
            throw new IllegalArgumentException("count must be ≤ " + MAX_REQUESTS + " (got " + count + ")");
        }
        double[] offsets = new double[count];
        double sum = 0.0;
        for (int i = 0; i < count; i++) {
            sum += sampler.next();
            offsets[i] = sum;
        }
        return offsets;
    }

    /** Draws gaps in batches of max(16, ⌊rate·H·1.2⌋ + 16) until the sum reaches H, then keeps offsets ≤ H. */
    private static double[] byHorizon(GapSampler sampler, double rate, double horizon) {
        double expected = rate * horizon;
        if (expected * 1.2 > MAX_REQUESTS) {
            throw new IllegalArgumentException("rate × horizon expects about " + Math.round(expected)
                    + " requests, more than " + MAX_REQUESTS);
        }
        int batch = (int) Math.max(16, Math.floor(expected * 1.2) + 16);
        double[] offsets = new double[batch];
        int drawn = 0;
        double sum = 0.0;
        while (sum < horizon) {
            if (drawn + batch > offsets.length) {
                offsets = Arrays.copyOf(offsets, Math.min(offsets.length * 2, MAX_REQUESTS + batch));
            }
            for (int i = 0; i < batch; i++) {
                sum += sampler.next();
                offsets[drawn++] = sum;
            }
            if (drawn > MAX_REQUESTS && sum < horizon) {
                throw new IllegalArgumentException("schedule exceeds " + MAX_REQUESTS + " requests");
            }
        }
        int kept = 0;
        while (kept < drawn && offsets[kept] <= horizon) {
            kept++;
        }
        return Arrays.copyOf(offsets, kept);
    }

    /** The spec with the seed actually used. */
    public ScheduleSpec spec() {
        return spec;
    }

    public long seed() {
        return spec.seed();
    }

    public int count() {
        return offsets.length;
    }

    public double offset(int index) {
        return offsets[index];
    }

    /** A copy of the offsets in seconds. */
    public double[] offsets() {
        return offsets.clone();
    }

    /** Gaps: differences of the offsets with 0 prepended. */
    public double[] interarrivals() {
        double[] gaps = new double[offsets.length];
        double previous = 0.0;
        for (int i = 0; i < offsets.length; i++) {
            gaps[i] = offsets[i] - previous;
            previous = offsets[i];
        }
        return gaps;
    }

    /** Mean gap in seconds; NaN when empty. */
    public double meanGap() {
        return offsets.length == 0 ? Double.NaN : offsets[offsets.length - 1] / offsets.length;
    }

    /** Population standard deviation over mean of the gaps; +∞ when the mean is ≤ 0, NaN when empty. */
    public double cv() {
        if (offsets.length == 0) {
            return Double.NaN;
        }
        double[] gaps = interarrivals();
        double mean = 0.0;
        for (double g : gaps) {
            mean += g;
        }
        mean /= gaps.length;
        if (mean <= 0.0) {
            return Double.POSITIVE_INFINITY;
        }
        double squares = 0.0;
        for (double g : gaps) {
            squares += (g - mean) * (g - mean);
        }
        return Math.sqrt(squares / gaps.length) / mean;
    }

    /** The equivalent gamma shape k = 1/CV² of the drawn gaps; +∞ for CV 0, NaN when empty. */
    public double gammaShapeK() {
        double cv = cv();
        return 1.0 / (cv * cv);
    }
}
