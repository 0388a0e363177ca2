package io.joulebench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The interval arithmetic against worked examples computed independently with Python 3 / NumPy 2.4 / SciPy 1.17
 * (scipy.stats.t.ppf), by the script in each test's comment, not by this code.
 */
class StatisticsTest {

    /*
     * E = [120.0, 131.0, 125.5] J, T = [1000, 1080, 1010] tokens. R = 376.5 / 3090 = 0.12184466019417475.
     *   d = E - R*T; se = sqrt(sum(d**2) / (n*(n-1))) / mean(T) = 0.0012339368922327895, df = 2
     *   t = scipy.stats.t.ppf(0.975, 2) = 4.302652729749462
     *   CI = R -/+ t*se = 0.11653545825647077 .. 0.12715386213187874
     */
    @Test
    void ratio_estimate_over_windows_matches_the_worked_example() {
        Estimate e = RatioEstimator.of(new double[] {120.0, 131.0, 125.5}, new double[] {1000, 1080, 1010},
                IntervalBasis.WINDOWS);
        assertThat(e.value()).isCloseTo(0.12184466019417475, within(1e-15));
        assertThat(e.standardError()).isCloseTo(0.0012339368922327895, within(1e-15));
        assertThat(e.df()).isEqualTo(2);
        assertThat(e.ciLow()).isCloseTo(0.11653545825647077, within(1e-12));
        assertThat(e.ciHigh()).isCloseTo(0.12715386213187874, within(1e-12));
        assertThat(e.basis()).isEqualTo(IntervalBasis.WINDOWS);
    }

    /* Cycle totals E = [300, 330, 310], T = [2500, 2600, 2550]: same script, R = 0.12287581699346405,
     * se = 0.002108984629023561, df = 2, CI 0.11380158852239616 .. 0.13195004546453193. */
    @Test
    void ratio_estimate_over_cycles_matches_the_worked_example() {
        Estimate e = RatioEstimator.of(new double[] {300, 330, 310}, new double[] {2500, 2600, 2550},
                IntervalBasis.CYCLES);
        assertThat(e.value()).isCloseTo(0.12287581699346405, within(1e-15));
        assertThat(e.standardError()).isCloseTo(0.002108984629023561, within(1e-15));
        assertThat(e.ciLow()).isCloseTo(0.11380158852239616, within(1e-12));
        assertThat(e.ciHigh()).isCloseTo(0.13195004546453193, within(1e-12));
    }

    @Test
    void one_unit_gives_a_point_without_an_interval_and_no_tokens_gives_no_point() {
        Estimate one = RatioEstimator.of(new double[] {10}, new double[] {100}, IntervalBasis.WINDOWS);
        assertThat(one.value()).isEqualTo(0.1);
        assertThat(one.hasInterval()).isFalse();
        assertThat(one.basis()).isEqualTo(IntervalBasis.NONE);
        assertThat(Double.isNaN(one.ciLow())).isTrue();
        assertThat(Double.isNaN(RatioEstimator.of(new double[] {1, 2}, new double[] {0, 0},
                IntervalBasis.WINDOWS).value())).isTrue();
    }

    /*
     * A: R = 0.12, se = 0.002, df = 2;  B: R = 0.105, se = 0.0015, df = 4.
     *   difference: va, vb = se**2; df = (va+vb)**2 / (va**2/2 + vb**2/4) = 4.215851602023608
     *     -0.015, CI = -0.015 -/+ t.ppf(0.975, df) * sqrt(va+vb) = -0.021803177569669062 .. -0.008196822430330937
     *   ratio (log scale): ra = va/0.12**2, rb = vb/0.105**2; df = (ra+rb)**2/(ra**2/2 + rb**2/4) = 4.739258773368317
     *     0.875, CI = exp(log(0.875) -/+ t.ppf(0.975, df) * sqrt(ra+rb)) = 0.8262105235308927 .. 0.9266705981037684
     *   so B uses 12.5 % less (95 % CI (1-0.92667)*100 = 7.3 % to (1-0.82621)*100 = 17.4 %).
     */
    @Test
    void contrast_matches_the_worked_example_and_reads_as_a_verdict() {
        Estimate a = new Estimate(0.12, 0.002, 2, IntervalBasis.CYCLES, 3);
        Estimate b = new Estimate(0.105, 0.0015, 4, IntervalBasis.CYCLES, 5);
        Contrast c = Contrast.between(a, b);
        assertThat(c.difference()).isCloseTo(-0.015, within(1e-15));
        assertThat(c.differenceLow()).isCloseTo(-0.021803177569669062, within(1e-10));
        assertThat(c.differenceHigh()).isCloseTo(-0.008196822430330937, within(1e-10));
        assertThat(c.ratio()).isCloseTo(0.875, within(1e-15));
        assertThat(c.df()).isCloseTo(4.739258773368317, within(1e-9));
        assertThat(c.ratioLow()).isCloseTo(0.8262105235308927, within(1e-10));
        assertThat(c.ratioHigh()).isCloseTo(0.9266705981037684, within(1e-10));
        assertThat(c.resolved()).isTrue();
        assertThat(Comparer.verdict("A", "B", c))
                .isEqualTo("B uses 12.5 % less energy per token than A (95 % CI 7.3–17.4 %)");
        assertThat(Comparer.verdict("B", "A", Contrast.between(b, a))).startsWith("A uses 14.3 % more energy");
    }

    @Test
    void an_interval_that_spans_one_is_no_difference_resolved() {
        Estimate a = new Estimate(0.12, 0.01, 2, IntervalBasis.WINDOWS, 3);
        Estimate b = new Estimate(0.118, 0.01, 2, IntervalBasis.WINDOWS, 3);
        Contrast c = Contrast.between(a, b);
        assertThat(c.resolved()).isFalse();
        assertThat(Comparer.verdict("A", "B", c)).startsWith("no difference resolved: B vs A −1.7 % (95 % CI −");
    }

    /* scipy.stats.t.ppf(0.975, 2) = 4.302652729749462; t.ppf(0.975, 7.5) = 2.333039626864974 (fractional df). */
    @Test
    void t_quantiles_come_from_the_library_for_whole_and_fractional_df() {
        assertThat(Estimate.tQuantile(2)).isCloseTo(4.302652729749462, within(1e-12));
        assertThat(Estimate.tQuantile(7.5)).isCloseTo(2.333039626864974, within(1e-9));
    }
}
