package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LatencyAccumulatorTest {

    @Test
    void type_seven_interpolates_between_ranks() {
        LatencyAccumulator acc = new LatencyAccumulator();
        for (long v : new long[] {40, 10, 30, 20}) {
            acc.add(v);
        }
        Double[] q = acc.quantiles(0.5, 0.9, 0.99);
        assertThat(q[0]).isEqualTo(25.0);
        assertThat(q[1]).isEqualTo(37.0);
        assertThat(q[2]).isCloseTo(39.7, offset(1e-9));
        assertThat(acc.max()).isEqualTo(40L);
        assertThat(acc.isExact()).isTrue();
    }

    @Test
    void singleton_and_empty() {
        LatencyAccumulator empty = new LatencyAccumulator();
        assertThat(empty.quantile(0.5)).isNull();
        assertThat(empty.max()).isNull();
        LatencyAccumulator one = new LatencyAccumulator();
        one.add(7);
        assertThat(one.quantiles(0.5, 0.99)).containsExactly(7.0, 7.0);
    }

    @Test
    void past_the_exact_limit_percentiles_stay_within_a_tenth_of_a_percent() {
        LatencyAccumulator acc = new LatencyAccumulator(1000);
        Random random = new Random(7);
        long[] values = new long[50_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1_000_000L + (long) (random.nextDouble() * 400_000_000L);   // 1 ms … 401 ms in ns
            acc.add(values[i]);
        }
        Arrays.sort(values);
        assertThat(acc.isExact()).isFalse();
        assertThat(acc.count()).isEqualTo(values.length);
        assertThat(acc.max()).isEqualTo(values[values.length - 1]);
        for (double q : new double[] {0.5, 0.9, 0.99}) {
            double pos = q * (values.length - 1);
            int lo = (int) pos;
            double exact = values[lo] + (pos - lo) * (values[lo + 1] - values[lo]);
            assertThat(acc.quantile(q)).isCloseTo(exact, within(exact * 1e-3 + 1));
        }
    }

    @Test
    void several_quantiles_in_one_histogram_walk_equal_each_quantile_alone() {
        LatencyAccumulator acc = new LatencyAccumulator(100);
        Random random = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            acc.add((long) (Math.exp(random.nextGaussian() * 2) * 1_000_000));   // heavy-tailed, many buckets
        }
        double[] qs = {0.99, 0.0, 0.5, 1.0, 0.9, 0.5, 0.999};   // unsorted, repeated, both ends
        Double[] batch = acc.quantiles(qs);
        for (int i = 0; i < qs.length; i++) {
            assertThat(batch[i]).as("q=%s", qs[i]).isEqualTo(acc.quantile(qs[i]));
        }
    }

    @Test
    void millisecond_summary_reports_precision() {
        LatencyAccumulator acc = new LatencyAccumulator();
        acc.add(10_000_000);
        acc.add(20_000_000);
        LatencyPercentiles p = LatencyPercentiles.of(acc);
        assertThat(p.p50Ms()).isCloseTo(15.0, offset(1e-12));
        assertThat(p.maxMs()).isEqualTo(20.0);
        assertThat(p.samples()).isEqualTo(2);
        assertThat(p.exact()).isTrue();
        assertThat(LatencyPercentiles.of(new LatencyAccumulator())).isEqualTo(LatencyPercentiles.EMPTY);
    }
}
