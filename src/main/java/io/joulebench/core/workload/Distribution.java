package io.joulebench.core.workload;

import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceFormatException;
import io.joulebench.core.traffic.trace.TraceSlice;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * A distribution of a per-request (or per-session) quantity, as a study writes it ({@code task.input_tokens},
 * {@code task.output_tokens}, {@code task.sessions.turns}, …; docs/workloads.md): {@code fixed}, {@code uniform},
 * {@code normal}, {@code lognormal} or {@code empirical}, every draw clipped to {@code [min, max]}. Draws go through
 * the quantile function, so a seeded generator gives the same sequence everywhere (run, workbench preview, tests).
 * {@code normal} and {@code lognormal} take the mean and standard deviation of the quantity itself (tokens, seconds),
 * not of its logarithm.
 */
public sealed interface Distribution {

    /** The lower clip (−∞: none). */
    double min();

    /** The upper clip (+∞: none). */
    double max();

    /** The name a study writes after {@code distribution:}. */
    String wire();

    /** The unclipped quantile at {@code u} in (0, 1). */
    double quantile(double u);

    /** Mean and standard deviation of the clipped distribution (what a long run of draws converges to). */
    Moments clippedMoments();

    /** One draw, clipped to {@code [min, max]}. */
    default double sample(RandomGenerator random) {
        return clip(quantile(random.nextDouble()));
    }

    /** One draw rounded to a whole number ≥ 0 (a token count, a number of turns). */
    default int sampleCount(RandomGenerator random) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.round(sample(random))));
    }

    default double clip(double x) {
        return Math.max(min(), Math.min(max(), x));
    }

    /**
     * This distribution ready to draw from: an {@link Empirical} reads its file (relative to {@code baseDir}); the
     * others are ready as they are.
     */
    default Distribution resolve(Path baseDir) throws IOException, TraceFormatException {
        return this;
    }

    /** The wire names, in the order a form lists them. */
    static List<String> wires() {
        return List.of("fixed", "uniform", "normal", "lognormal", "empirical");
    }

    /** Mean and standard deviation. */
    record Moments(double mean, double stddev) {
    }

    /** Always {@code value} (clipped). */
    record Fixed(double value, double min, double max) implements Distribution {
        public Fixed(double value) {
            this(value, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }

        @Override
        public String wire() {
            return "fixed";
        }

        @Override
        public double quantile(double u) {
            return value;
        }

        @Override
        public Moments clippedMoments() {
            return new Moments(clip(value), 0);
        }
    }

    /** Even over {@code [min, max]}. */
    record Uniform(double min, double max) implements Distribution {
        public Uniform {
            requireOrdered(min, max);
            if (!Double.isFinite(min) || !Double.isFinite(max)) {
                throw new IllegalArgumentException("uniform needs finite min and max");
            }
        }

        @Override
        public String wire() {
            return "uniform";
        }

        @Override
        public double quantile(double u) {
            return min + u * (max - min);
        }

        @Override
        public Moments clippedMoments() {
            return new Moments((min + max) / 2, (max - min) / Math.sqrt(12));
        }
    }

    /** Gaussian with this mean and standard deviation, clipped. */
    record Normal(double mean, double stddev, double min, double max) implements Distribution {
        public Normal {
            requireOrdered(min, max);
            requireSpread(stddev);
        }

        @Override
        public String wire() {
            return "normal";
        }

        @Override
        public double quantile(double u) {
            return stddev == 0 ? mean : NormalDistribution.of(mean, stddev).inverseCumulativeProbability(u);
        }

        @Override
        public Moments clippedMoments() {
            return stddev == 0 ? new Moments(clip(mean), 0) : ClippedMoments.normal(mean, stddev, min, max);
        }
    }

    /** Log-normal whose values (not logarithms) have this mean and standard deviation, clipped. */
    record LogNormal(double mean, double stddev, double min, double max) implements Distribution {
        public LogNormal {
            requireOrdered(min, max);
            requireSpread(stddev);
            if (!(mean > 0)) {
                throw new IllegalArgumentException("lognormal needs mean > 0, got " + mean);
            }
        }

        /** σ of the logarithm. */
        double sigma() {
            return Math.sqrt(Math.log1p(stddev * stddev / (mean * mean)));
        }

        /** μ of the logarithm. */
        double mu() {
            return Math.log(mean) - sigma() * sigma() / 2;
        }

        @Override
        public String wire() {
            return "lognormal";
        }

        @Override
        public double quantile(double u) {
            return stddev == 0 ? mean : LogNormalDistribution.of(mu(), sigma()).inverseCumulativeProbability(u);
        }

        @Override
        public Moments clippedMoments() {
            return stddev == 0 ? new Moments(clip(mean), 0) : ClippedMoments.logNormal(mu(), sigma(), min, max);
        }
    }

    /**
     * The values of one column of a trace file (any format {@link TraceSlice} reads): {@code input_tokens} or
     * {@code output_tokens}, each row equally likely. {@code values} is empty until {@link #resolve} read the file.
     */
    record Empirical(String file, String column, double min, double max, double[] values) implements Distribution {
        public static final List<String> COLUMNS = List.of("input_tokens", "output_tokens");

        public Empirical {
            requireOrdered(min, max);
            if (!COLUMNS.contains(column)) {
                throw new IllegalArgumentException("column must be one of " + COLUMNS + ", got " + column);
            }
            values = values == null ? new double[0] : values.clone();
            Arrays.sort(values);
        }

        public Empirical(String file, String column, double min, double max) {
            this(file, column, min, max, null);
        }

        @Override
        public double[] values() {
            return values.clone();
        }

        @Override
        public String wire() {
            return "empirical";
        }

        @Override
        public double quantile(double u) {
            if (values.length == 0) {
                throw new IllegalStateException("empirical " + file + " was not read: call resolve first");
            }
            return values[Math.min(values.length - 1, (int) (u * values.length))];
        }

        @Override
        public Moments clippedMoments() {
            double sum = 0;
            double squares = 0;
            for (double v : values) {
                double c = clip(v);
                sum += c;
                squares += c * c;
            }
            double mean = sum / values.length;
            return new Moments(mean, Math.sqrt(Math.max(0, squares / values.length - mean * mean)));
        }

        /** Reads the column from the file; an error names the file and line, or says the file lacks the column. */
        @Override
        public Empirical resolve(Path baseDir) throws IOException, TraceFormatException {
            if (values.length > 0) {
                return this;
            }
            Path path = baseDir == null ? Path.of(file) : baseDir.resolve(file).normalize();
            TraceSlice slice = TraceSlice.read(path, null, 0, null);
            boolean input = column.equals("input_tokens");
            if (input ? !slice.summary().hasInputLengths() : !slice.summary().hasOutputLengths()) {
                throw new TraceFormatException(path, 1, "the " + slice.summary().format().wire() + " trace has no "
                        + column + " column (its rows record no " + (input ? "input" : "output") + " lengths)");
            }
            double[] read = slice.rows().stream().map(r -> input ? r.inputTokens() : r.outputTokens())
                    .filter(java.util.Objects::nonNull).mapToDouble(Integer::doubleValue).toArray();
            if (read.length == 0) {
                throw new TraceFormatException(path, 1, "the trace has no rows with " + column);
            }
            return new Empirical(file, column, min, max, read);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && e.file.equals(file) && e.column.equals(column)
                    && Double.compare(e.min, min) == 0 && Double.compare(e.max, max) == 0
                    && Arrays.equals(e.values, values);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(file, column, min, max, Arrays.hashCode(values));
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "Empirical[file=%s, column=%s, min=%s, max=%s, values=%d]", file, column,
                    min, max, values.length);
        }
    }

    private static void requireOrdered(double min, double max) {
        if (Double.isNaN(min) || Double.isNaN(max) || min > max) {
            throw new IllegalArgumentException("min " + min + " is above max " + max);
        }
    }

    private static void requireSpread(double stddev) {
        if (!(stddev >= 0) || Double.isInfinite(stddev)) {
            throw new IllegalArgumentException("stddev must be finite and >= 0, got " + stddev);
        }
    }
}
