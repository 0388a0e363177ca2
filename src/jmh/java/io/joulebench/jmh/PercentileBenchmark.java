package io.joulebench.jmh;

import io.joulebench.core.window.LatencyAccumulator;
import io.joulebench.core.window.LatencyPercentiles;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A window's latency percentiles through the shipped classes: {@link LatencyAccumulator} (exact up to
 * {@link LatencyAccumulator#EXACT_LIMIT} = 100,000 samples, then an HdrHistogram with 3 significant digits) and
 * {@link LatencyPercentiles#of} (p50, p90, p99, max), over {@code n} latencies in nanoseconds spread log-wise from
 * about 10 µs to 12 s, most near 10 ms (dispatch lag to end-to-end latency). 1,000 and 100,000 stay exact
 * (100,000 is the largest exact window); 200,000 and 1,000,000 take the histogram path, 200,000 including the move
 * of the first 100,000 kept values into it.
 *
 * <p>{@code accumulateAndReport} is a window's whole life: every sample added, then one report.
 * {@code report} is one report from a filled accumulator; a window makes two (its provisional and its final
 * record), plus one quantile per SLO-bounded metric when an SLO is set. On the exact path each report copies and
 * sorts the kept values; on the histogram path each quantile walks the recorded buckets.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PercentileBenchmark {

    @Param({"1000", "100000", "200000", "1000000"})
    public int n;

    long[] values;
    LatencyAccumulator filled;

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(7);
        values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = (long) Math.exp(9.2 + 7 * random.nextDouble() + 7 * random.nextDouble());
        }
        filled = accumulate(values);
    }

    @Benchmark
    public LatencyPercentiles accumulateAndReport() {
        return LatencyPercentiles.of(accumulate(values));
    }

    @Benchmark
    public LatencyPercentiles report() {
        return LatencyPercentiles.of(filled);
    }

    private static LatencyAccumulator accumulate(long[] values) {
        LatencyAccumulator acc = new LatencyAccumulator();
        for (long v : values) {
            acc.add(v);
        }
        return acc;
    }
}
