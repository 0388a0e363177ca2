package io.joulebench.jmh;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * p50/p99/p99.9 of n latencies (log-normal-ish, 1 µs – 100 ms in ns): record into an HdrHistogram (3 digits, what
 * IssuerAggregate does; O(1) memory) versus keep a long[] and sort it (exact; O(n) memory).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PercentileBenchmark {

    @Param({"100000", "1000000"})
    public int n;
    long[] values;

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(7);
        values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = (long) Math.exp(7 + 4 * random.nextDouble() + 2 * random.nextDouble());
        }
    }

    @Benchmark
    public long hdrHistogram() {
        Histogram h = new Histogram(3);
        for (long v : values) {
            h.recordValue(v);
        }
        return h.getValueAtPercentile(50) + h.getValueAtPercentile(99) + h.getValueAtPercentile(99.9);
    }

    @Benchmark
    public long sortArray() {
        long[] copy = values.clone();
        Arrays.sort(copy);
        return copy[n / 2] + copy[(int) (n * 0.99)] + copy[(int) (n * 0.999)];
    }
}
