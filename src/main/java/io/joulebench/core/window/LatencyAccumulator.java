package io.joulebench.core.window;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A population of non-negative nanosecond values with type-7 percentiles (linear interpolation at
 * {@code pos = q·(n−1)}, as numpy's default and R's type 7).
 *
 * <p>Precision: up to {@value #EXACT_LIMIT} samples the values are kept and the percentiles are exact. Past that the
 * values move into an HdrHistogram with 3 significant decimal digits: each value used in the interpolation is the
 * median equivalent value of its bucket, within 0.1 % of a recorded value, so a reported percentile has a relative
 * error of at most 0.1 % (plus at most 1 ns). Memory is then bounded by the histogram (tens of kB) instead of the
 * sample count. The maximum is always exact. Not thread-safe: the owner synchronises.
 */
public final class LatencyAccumulator {

    /** Windows with at most this many samples report exact percentiles. */
    public static final int EXACT_LIMIT = 100_000;
    private static final int SIGNIFICANT_DIGITS = 3;

    private final int exactLimit;
    private long[] exact = new long[16];
    private int size;
    private Histogram histogram;
    private long count;
    private long max = Long.MIN_VALUE;

    public LatencyAccumulator() {
        this(EXACT_LIMIT);
    }

    /** For tests of the histogram path; production code uses {@link #EXACT_LIMIT}. */
    LatencyAccumulator(int exactLimit) {
        this.exactLimit = exactLimit;
    }

    public void add(long nanos) {
        long value = Math.max(0, nanos);
        count++;
        max = Math.max(max, value);
        if (histogram != null) {
            histogram.recordValue(value);
            return;
        }
        if (size == exactLimit) {
            histogram = new Histogram(SIGNIFICANT_DIGITS);
            for (int i = 0; i < size; i++) {
                histogram.recordValue(exact[i]);
            }
            histogram.recordValue(value);
            exact = null;
            size = 0;
            return;
        }
        if (size == exact.length) {
            exact = Arrays.copyOf(exact, Math.min(exactLimit, size * 2));
        }
        exact[size++] = value;
    }

    public long count() {
        return count;
    }

    /** True while every percentile is computed from the kept values. */
    public boolean isExact() {
        return histogram == null;
    }

    /** The largest value, or null when empty. */
    public Long max() {
        return count == 0 ? null : max;
    }

    /** The type-7 quantile {@code q} ∈ [0, 1] in nanoseconds, or null when empty. */
    public Double quantile(double q) {
        if (count == 0) {
            return null;
        }
        double pos = q * (count - 1);
        long lo = (long) Math.floor(pos);
        long hi = Math.min(count - 1, lo + 1);
        double frac = pos - lo;
        if (histogram == null) {
            long[] sorted = Arrays.copyOf(exact, size);
            Arrays.sort(sorted);
            return sorted[(int) lo] + frac * (sorted[(int) hi] - sorted[(int) lo]);
        }
        double low = valueAtRank(lo);
        double high = hi == lo ? low : valueAtRank(hi);
        return low + frac * (high - low);
    }

    /** Several quantiles at once (one sort on the exact path). */
    public Double[] quantiles(double... qs) {
        Double[] out = new Double[qs.length];
        if (count == 0) {
            return out;
        }
        if (histogram == null) {
            long[] sorted = Arrays.copyOf(exact, size);
            Arrays.sort(sorted);
            for (int i = 0; i < qs.length; i++) {
                double pos = qs[i] * (count - 1);
                int lo = (int) Math.floor(pos);
                int hi = Math.min(size - 1, lo + 1);
                out[i] = sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
            }
            return out;
        }
        long[] ranks = new long[2 * qs.length];
        for (int i = 0; i < qs.length; i++) {
            long lo = (long) Math.floor(qs[i] * (count - 1));
            ranks[2 * i] = lo;
            ranks[2 * i + 1] = Math.min(count - 1, lo + 1);
        }
        double[] values = valuesAtRanks(ranks);
        for (int i = 0; i < qs.length; i++) {
            double pos = qs[i] * (count - 1);
            double low = values[2 * i];
            out[i] = low + (pos - Math.floor(pos)) * (values[2 * i + 1] - low);
        }
        return out;
    }

    /** The values of several 0-based ranks in one walk over the histogram (a walk per rank cost ~0.3 ms each). */
    private double[] valuesAtRanks(long[] ranks) {
        Integer[] order = new Integer[ranks.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(ranks[a], ranks[b]));
        double[] values = new double[ranks.length];
        Arrays.fill(values, max);
        int next = 0;
        long seen = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            double bucket = Math.min(max, histogram.medianEquivalentValue(v.getValueIteratedTo()));
            while (next < order.length && seen > ranks[order[next]]) {
                values[order[next++]] = bucket;
            }
            if (next == order.length) {
                break;
            }
        }
        return values;
    }

    /** The value of 0-based rank {@code rank} in sorted order, as its bucket's median equivalent value. */
    private double valueAtRank(long rank) {
        long seen = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            if (seen > rank) {
                long bucketValue = v.getValueIteratedTo();
                return Math.min(max, histogram.medianEquivalentValue(bucketValue));
            }
        }
        return max;
    }
}
