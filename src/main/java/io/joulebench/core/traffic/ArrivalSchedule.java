package io.joulebench.core.traffic;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Arrival offsets in seconds from the run origin, built once before issuance. Offsets are cumulative sums of gaps, so
 * the first offset is the first gap (never 0 unless a gap is); {@code constant} offsets are computed as (i+1)/rate
 * directly, so they carry no accumulated rounding. Same spec and seed ⇒ byte-identical offsets.
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
        double[] offsets;
        if (seeded.arrival() == ArrivalProcess.CONSTANT) {
            offsets = seeded.count() != null
                    ? constantByCount(seeded.rate(), seeded.count())
                    : constantByHorizon(seeded.rate(), seeded.horizonSeconds());
        } else {
            GapSampler sampler = new GapSampler(seeded.arrival(), seeded.rate(), seeded.burstiness(), seeded.seed());
            offsets = seeded.count() != null
                    ? byCount(sampler, seeded.count())
                    : byHorizon(sampler, seeded.rate(), seeded.horizonSeconds());
        }
        if (offsets.length > 0 && !Double.isFinite(offsets[offsets.length - 1])) {
            throw new InvalidScheduleException("rate", "is too small for " + offsets.length + " requests (got "
                    + seeded.rate() + "): the offsets overflow a double");
        }
        return new ArrivalSchedule(seeded, offsets);
    }

    private static void checkCount(int count) {
        if (count > MAX_REQUESTS) {
            throw new InvalidScheduleException("count", "must be ≤ " + MAX_REQUESTS + " (got " + count + ")");
        }
    }

    /** Expected requests of a horizon-bound schedule, refused when its arrays would not fit {@link #MAX_REQUESTS}. */
    private static double checkExpected(double rate, double horizon) {
        double expected = rate * horizon;
        if (expected * 1.2 > MAX_REQUESTS) {
            String about = expected < 1e12 ? Long.toString(Math.round(expected))
                    : String.format(Locale.ROOT, "%.2e", expected);
            throw new InvalidScheduleException("horizonSeconds", "of " + horizon + " at a rate of " + rate
                    + " expects about " + about + " requests, more than the " + MAX_REQUESTS + " a schedule holds");
        }
        return expected;
    }

    /**
     * Offset i is (i+1)/rate, one correctly rounded division each: a running sum of 1/rate would accumulate a rounding
     * error per request (50 s drifted to 49.9999999999993 s after 1000 requests at 20/s, and dropped the arrival that
     * falls on a duration horizon).
     */
    private static double[] constantByCount(double rate, int count) {
        checkCount(count);
        double[] offsets = new double[count];
        for (int i = 0; i < count; i++) {
            offsets[i] = (i + 1) / rate;
        }
        return offsets;
    }

    /** The n offsets i/rate ≤ horizon, i = 1..n. */
    private static double[] constantByHorizon(double rate, double horizon) {
        long n = (long) Math.floor(checkExpected(rate, horizon));
        while (n > 0 && n / rate > horizon) {
            n--;
        }
        while ((n + 1) / rate <= horizon) {
            n++;
        }
        return constantByCount(rate, Math.toIntExact(n));
    }

    private static double[] byCount(GapSampler sampler, int count) {
        checkCount(count);
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
        double expected = checkExpected(rate, horizon);
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
                throw new InvalidScheduleException("horizonSeconds", "of " + horizon
                        + " gives a schedule of more than " + MAX_REQUESTS + " requests");
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

    /**
     * Gaps: differences of the offsets with 0 prepended. For {@code constant} arrivals, the gap 1/rate itself: the
     * offsets are each correctly rounded, so their differences may be an ulp off the gap they were built from.
     */
    public double[] interarrivals() {
        double[] gaps = new double[offsets.length];
        if (isConstant()) {
            Arrays.fill(gaps, 1.0 / spec.rate());
            return gaps;
        }
        double previous = 0.0;
        for (int i = 0; i < offsets.length; i++) {
            gaps[i] = offsets[i] - previous;
            previous = offsets[i];
        }
        return gaps;
    }

    /** Mean gap in seconds (exactly 1/rate for {@code constant}); NaN when empty. */
    public double meanGap() {
        if (offsets.length == 0) {
            return Double.NaN;
        }
        return isConstant() ? 1.0 / spec.rate() : offsets[offsets.length - 1] / offsets.length;
    }

    /**
     * The CV of the gaps the process was asked for: the {@code burstiness} of a gamma schedule (what vLLM and
     * ML.ENERGY call burstiness), 1 for Poisson, 0 for constant. Compare {@link #sampledCv()}, what was drawn.
     */
    public double configuredCv() {
        return spec.configuredCv();
    }

    /** The configured gamma shape k = 1/CV² (1 for Poisson); +∞ for constant. */
    public double configuredGammaShapeK() {
        double cv = configuredCv();
        return 1.0 / (cv * cv);
    }

    /**
     * Population standard deviation over mean of the drawn gaps: exactly 0 for {@code constant}; NaN when empty or
     * when every gap is 0 s (0/0, undefined). A heavy-tailed gamma draw reads well below its configured CV in short
     * schedules.
     */
    public double sampledCv() {
        if (offsets.length == 0) {
            return Double.NaN;
        }
        if (isConstant()) {
            return 0.0;
        }
        double[] gaps = interarrivals();
        double mean = 0.0;
        for (double g : gaps) {
            mean += g;
        }
        mean /= gaps.length;
        if (mean <= 0.0) {
            return Double.NaN;
        }
        double squares = 0.0;
        for (double g : gaps) {
            squares += (g - mean) * (g - mean);
        }
        return Math.sqrt(squares / gaps.length) / mean;
    }

    /** The equivalent gamma shape k = 1/CV² of the drawn gaps; +∞ for CV 0 (constant), NaN where the CV is. */
    public double sampledGammaShapeK() {
        double cv = sampledCv();
        return 1.0 / (cv * cv);
    }

    private boolean isConstant() {
        return spec.arrival() == ArrivalProcess.CONSTANT;
    }
}
