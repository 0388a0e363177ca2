package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceEntry;
import java.util.List;

/**
 * What a slice will ask of a server, for a plan preview: its request rate over time at one {@code time_scale}
 * (requests per second in equal bins of the replayed span), histograms of its input and output lengths, and the
 * share of its prompt tokens that repeat an earlier request's leading {@code hash_ids} blocks (as the replay builds
 * them, {@link PrefixReuse}). Pure arithmetic over the slice; reading the slice is {@link TraceSlice#read}'s.
 *
 * @param binSeconds      width of each rate bin, seconds of the replay (after {@code time_scale})
 * @param ratePerBin      requests per second scheduled in bin {@code i} ({@code [i·binSeconds, (i+1)·binSeconds)})
 * @param input           input lengths (tokens), null when the trace has none
 * @param output          output lengths (tokens), null when the trace has none
 * @param promptTokens    the slice's input tokens, all rows
 * @param sharedTokens    of those, tokens in blocks an earlier row of the slice already had (0 without hash ids)
 */
public record TraceProfile(TraceSummary summary, double timeScale, double binSeconds, double[] ratePerBin,
                           Histogram input, Histogram output, long promptTokens, long sharedTokens) {

    /** Rate bins a preview draws by default. */
    public static final int DEFAULT_RATE_BINS = 40;
    /** Length bins a preview draws by default. */
    public static final int DEFAULT_LENGTH_BINS = 12;

    /**
     * Counts of values in equal bins: {@code counts[i]} values fall in {@code [i·width, (i+1)·width)}.
     *
     * @param max the largest value seen
     */
    public record Histogram(double width, int[] counts, int max) {
        public Histogram {
            counts = counts.clone();
        }

        @Override
        public int[] counts() {
            return counts.clone();
        }
    }

    public TraceProfile {
        ratePerBin = ratePerBin.clone();
    }

    @Override
    public double[] ratePerBin() {
        return ratePerBin.clone();
    }

    /** The replayed span in seconds: the slice's span over {@code time_scale}. */
    public double replaySeconds() {
        return summary.spanSeconds() / timeScale;
    }

    /** Mean requests per second over the replayed span (rows over span; NaN for a single instant). */
    public double meanRate() {
        double s = replaySeconds();
        return s > 0 ? summary.rows() / s : Double.NaN;
    }

    /** The shareable prefix share: shared over all prompt tokens, NaN when the rows carry no lengths. */
    public double sharedShare() {
        return promptTokens > 0 ? (double) sharedTokens / promptTokens : Double.NaN;
    }

    /** The profile of {@code slice} replayed at {@code timeScale}, its hash ids in blocks of {@code blockSize}. */
    public static TraceProfile of(TraceSlice slice, double timeScale, int blockSize, int rateBins, int lengthBins) {
        if (!(timeScale > 0) || blockSize <= 0 || rateBins <= 0 || lengthBins <= 0) {
            throw new IllegalArgumentException("time scale, block size and bins must be > 0");
        }
        List<TraceEntry> rows = slice.rows();
        double span = slice.summary().spanSeconds() / timeScale;
        double width = span > 0 ? niceStep(span / rateBins) : 1.0;
        int n = Math.max(1, (int) Math.ceil(span / width + 1e-9));
        if (n * width <= span) {
            n++; // the last row sits at the span's end: its bin must exist
        }
        int[] counts = new int[n];
        PrefixReuse reuse = new PrefixReuse();
        long prompt = 0;
        long shared = 0;
        for (int i = 0; i < rows.size(); i++) {
            counts[Math.min(n - 1, (int) (slice.scheduledSeconds(i, timeScale) / width))]++;
            TraceEntry e = rows.get(i);
            if (e.inputTokens() != null) {
                prompt += e.inputTokens();
                shared += reuse.sharedTokens(e.hashIds(), e.inputTokens(), blockSize);
            }
        }
        double[] rate = new double[n];
        for (int i = 0; i < n; i++) {
            rate[i] = counts[i] / width;
        }
        Histogram in = histogram(rows, true, lengthBins);
        Histogram out = histogram(rows, false, lengthBins);
        return new TraceProfile(slice.summary(), timeScale, width, rate, in, out, prompt, shared);
    }

    /**
     * Rows scheduled in {@code [fromSeconds, toSeconds)} of the replay at {@code timeScale}: the trace's own
     * schedule, for comparing with what was issued in the same span.
     */
    public static int scheduledBetween(TraceSlice slice, double timeScale, double fromSeconds, double toSeconds) {
        return firstAtOrAfter(slice, timeScale, toSeconds) - firstAtOrAfter(slice, timeScale, fromSeconds);
    }

    private static int firstAtOrAfter(TraceSlice slice, double timeScale, double seconds) {
        int lo = 0;
        int hi = slice.rows().size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (slice.scheduledSeconds(mid, timeScale) < seconds) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static Histogram histogram(List<TraceEntry> rows, boolean input, int bins) {
        int max = -1;
        for (TraceEntry e : rows) {
            Integer v = input ? e.inputTokens() : e.outputTokens();
            if (v != null) {
                max = Math.max(max, v);
            }
        }
        if (max < 0) {
            return null;
        }
        double width = niceStep(Math.max(1.0, (max + 1.0) / bins));
        int n = Math.max(1, (int) Math.ceil((max + 1.0) / width));
        int[] counts = new int[n];
        for (TraceEntry e : rows) {
            Integer v = input ? e.inputTokens() : e.outputTokens();
            if (v != null) {
                counts[Math.min(n - 1, (int) (v / width))]++;
            }
        }
        return new Histogram(width, counts, max);
    }

    /** The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least {@code raw}. */
    static double niceStep(double raw) {
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * power >= raw * (1 - 1e-12)) {
                return m * power;
            }
        }
        return 10 * power;
    }
}
