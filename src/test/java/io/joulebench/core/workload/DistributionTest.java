package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DistributionTest {

    static Stream<Distribution> distributions() {
        return Stream.of(
                new Distribution.Fixed(300, 1, 200),
                new Distribution.Uniform(10, 90),
                new Distribution.Normal(512, 128, 1, Double.POSITIVE_INFINITY),
                new Distribution.Normal(512, 256, 300, 700),
                new Distribution.LogNormal(200, 150, 1, Double.POSITIVE_INFINITY),
                new Distribution.LogNormal(200, 150, 50, 400));
    }

    @ParameterizedTest
    @MethodSource("distributions")
    void draws_converge_to_the_clipped_moments(Distribution d) {
        SplittableRandom random = new SplittableRandom(7);
        double[] x = IntStream.range(0, 200_000).mapToDouble(i -> d.sample(random)).toArray();
        double mean = java.util.Arrays.stream(x).average().orElseThrow();
        double sd = Math.sqrt(java.util.Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / x.length);
        Distribution.Moments m = d.clippedMoments();
        assertThat(mean).isCloseTo(m.mean(), within(0.01 * m.mean() + 1e-9));
        assertThat(sd).isCloseTo(m.stddev(), within(0.01 * m.stddev() + 1e-9));
        assertThat(java.util.Arrays.stream(x).allMatch(v -> v >= d.min() && v <= d.max())).isTrue();
    }

    @Test
    void clipping_moves_the_moments() {
        Distribution.Moments open = new Distribution.Normal(512, 256, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY).clippedMoments();
        Distribution.Moments clipped = new Distribution.Normal(512, 256, 300, 700).clippedMoments();
        assertThat(open.mean()).isCloseTo(512, within(1e-6));
        assertThat(open.stddev()).isCloseTo(256, within(1e-6));
        assertThat(clipped.stddev()).isLessThan(200);
        assertThat(new Distribution.LogNormal(200, 150, 0, Double.POSITIVE_INFINITY).clippedMoments().mean())
                .isCloseTo(200, within(1e-6));
    }

    @Test
    void a_seed_gives_the_same_draws() {
        Distribution d = new Distribution.LogNormal(100, 80, 1, 1000);
        SplittableRandom a = new SplittableRandom(42);
        SplittableRandom b = new SplittableRandom(42);
        for (int i = 0; i < 100; i++) {
            assertThat(d.sampleCount(a)).isEqualTo(d.sampleCount(b));
        }
    }

    @Test
    void empirical_reads_a_trace_column_and_refuses_a_missing_one(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,input_tokens\n0,10\n1,30\n2,30\n");
        Distribution d = new Distribution.Empirical("t.csv", "input_tokens", 1, 25).resolve(dir);
        assertThat(d.clippedMoments().mean()).isCloseTo(20, within(1e-9));
        SplittableRandom r = new SplittableRandom(1);
        assertThat(IntStream.range(0, 50).map(i -> d.sampleCount(r)).distinct().sorted().toArray())
                .containsExactly(10, 25);
        assertThatThrownBy(() -> new Distribution.Empirical("t.csv", "output_tokens", 1, 9).resolve(dir))
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("no output_tokens column");
    }

    @Test
    void bad_parameters_are_refused() {
        assertThatThrownBy(() -> new Distribution.Normal(1, -1, 0, 1)).hasMessageContaining("stddev");
        assertThatThrownBy(() -> new Distribution.Uniform(9, 1)).hasMessageContaining("above max");
        assertThatThrownBy(() -> new Distribution.LogNormal(0, 1, 0, 1)).hasMessageContaining("mean > 0");
    }
}
