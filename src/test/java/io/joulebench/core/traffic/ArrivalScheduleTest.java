package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class ArrivalScheduleTest {

    private static ArrivalSchedule count(double rate, ArrivalProcess arrival, double cv, Long seed, int n) {
        return ArrivalSchedule.build(ScheduleSpec.ofCount(rate, arrival, cv, seed, n));
    }

    @ParameterizedTest
    @ValueSource(doubles = {1, 3, 10, 32, 100})
    void poisson_cv_is_one(double rate) {
        assertThat(count(rate, ArrivalProcess.POISSON, 1.0, 0L, 5000).sampledCv()).isCloseTo(1.0, within(0.08));
    }

    @ParameterizedTest
    @ValueSource(doubles = {1, 10, 100})
    void poisson_mean_gap_matches_rate(double rate) {
        ArrivalSchedule s = count(rate, ArrivalProcess.POISSON, 1.0, 0L, 5000);
        assertThat(s.meanGap()).isCloseTo(1.0 / rate, within(0.05 / rate));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 1.0, 2.0})
    void gamma_cv_tracks_burstiness(double burstiness) {
        ArrivalSchedule s = count(10, ArrivalProcess.GAMMA, burstiness, 0L, 8000);
        assertThat(Math.abs(s.sampledCv() - burstiness) / burstiness).isLessThan(0.12);
        assertThat(s.meanGap()).isCloseTo(0.1, within(0.1 * 0.08));
        assertThat(s.spec().gammaShapeK()).isEqualTo(1.0 / (burstiness * burstiness));
    }

    /** Offsets (i+1)/rate, each one division: a running sum drifted to 49.9999999999993 s by request 1000. */
    @Test
    void constant_gaps_are_exactly_one_over_rate() {
        ArrivalSchedule s = count(20, ArrivalProcess.CONSTANT, 1.0, 0L, 1000);
        for (int i = 0; i < s.count(); i++) {
            assertThat(s.offset(i)).as("offset %d", i).isEqualTo((i + 1) / 20.0);
        }
        assertThat(s.offset(0)).isEqualTo(0.05);
        assertThat(s.offset(999)).isEqualTo(50.0);
        assertThat(s.interarrivals()).containsOnly(0.05);
        assertThat(s.meanGap()).isEqualTo(0.05);
        assertThat(s.sampledCv()).isEqualTo(0.0);
        assertThat(s.configuredCv()).isEqualTo(0.0);
        assertThat(s.sampledGammaShapeK()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @ParameterizedTest(name = "rate {0}, horizon {1} s: {2} arrivals")
    @CsvSource({"10, 2, 20", "10, 3, 30", "3, 1, 3", "7, 10, 70", "0.3, 10, 3", "1000, 0.0005, 0", "20, 50, 1000"})
    void constant_horizon_keeps_the_arrival_that_falls_on_the_horizon(double rate, double horizon, int expected) {
        ArrivalSchedule s = ArrivalSchedule.build(
                ScheduleSpec.ofHorizon(rate, ArrivalProcess.CONSTANT, 1.0, 0L, horizon));
        assertThat(s.count()).isEqualTo(expected);
        for (int i = 0; i < s.count(); i++) {
            assertThat(s.offset(i)).isEqualTo((i + 1) / rate).isLessThanOrEqualTo(horizon);
        }
    }

    @ParameterizedTest
    @EnumSource(ArrivalProcess.class)
    void same_seed_gives_identical_offsets(ArrivalProcess arrival) {
        double[] a = count(25, arrival, 0.7, 1234L, 500).offsets();
        double[] b = count(25, arrival, 0.7, 1234L, 500).offsets();
        assertThat(a).isEqualTo(b);
    }

    @ParameterizedTest
    @EnumSource(value = ArrivalProcess.class, names = {"POISSON", "GAMMA"})
    void different_seeds_give_different_offsets(ArrivalProcess arrival) {
        assertThat(count(25, arrival, 2.0, 1L, 500).offsets()).isNotEqualTo(count(25, arrival, 2.0, 2L, 500).offsets());
    }

    /**
     * Pins the exact bits (checked identical on OpenJDK 17 and Temurin 25) of the first offsets: the generator (SplitMix64), the uniform construction and StrictMath are
     * specified, so these must never change with the JDK, the CPU or a refactoring.
     */
    @Test
    void offsets_are_bit_stable_across_jdks() {
        assertThat(bits(count(10, ArrivalProcess.POISSON, 1.0, 42L, 3)))
                .isEqualTo(GOLDEN_POISSON);
        assertThat(bits(count(10, ArrivalProcess.GAMMA, 0.5, 42L, 3)))
                .isEqualTo(GOLDEN_GAMMA_SMOOTH);
        assertThat(bits(count(10, ArrivalProcess.GAMMA, 2.0, 42L, 3)))
                .isEqualTo(GOLDEN_GAMMA_BURSTY);
    }

    private static final String GOLDEN_POISSON = "3fc151df705dcfca,3fc38cd82e0fc7aa,3fc7baed24e89bca";
    private static final String GOLDEN_GAMMA_SMOOTH = "3fbe0a8188225347,3fca247e24fe24ac,3fd147c74025e948";
    private static final String GOLDEN_GAMMA_BURSTY = "3f452437ae79f0e4,3fdec6a94cf21ba4,3fe2ff35904d8e60";

    private static String bits(ArrivalSchedule s) {
        return Arrays.stream(s.offsets()).mapToObj(d -> Long.toHexString(Double.doubleToRawLongBits(d)))
                .reduce((x, y) -> x + "," + y).orElse("");
    }

    @Test
    void null_seed_is_drawn_and_recorded_so_the_run_is_reproducible() {
        ArrivalSchedule first = count(25, ArrivalProcess.POISSON, 1.0, null, 200);
        ArrivalSchedule again = count(25, ArrivalProcess.POISSON, 1.0, first.seed(), 200);
        assertThat(again.offsets()).isEqualTo(first.offsets());
        assertThat(first.spec().seed()).isNotNull();
    }

    @Test
    void horizon_schedule_is_bounded_by_duration() {
        ArrivalSchedule s = ArrivalSchedule.build(ScheduleSpec.ofHorizon(50, ArrivalProcess.POISSON, 1.0, 0L, 2.0));
        assertThat(s.count()).isBetween(51, 149);
        assertThat(s.offset(s.count() - 1)).isLessThanOrEqualTo(2.0);
        double[] offsets = s.offsets();
        for (int i = 1; i < offsets.length; i++) {
            assertThat(offsets[i]).isGreaterThanOrEqualTo(offsets[i - 1]);
        }
    }

    @Test
    void horizon_schedule_keeps_drawing_batches_until_the_horizon_is_reached() {
        ArrivalSchedule s = ArrivalSchedule.build(ScheduleSpec.ofHorizon(1, ArrivalProcess.GAMMA, 3.0, 7L, 600));
        assertThat(s.offset(s.count() - 1)).isLessThanOrEqualTo(600.0);
        assertThat(s.count()).isGreaterThan(300);
    }

    @Test
    void first_offset_is_the_first_gap() {
        ArrivalSchedule s = count(5, ArrivalProcess.POISSON, 1.0, 3L, 10);
        assertThat(s.interarrivals()[0]).isEqualTo(s.offset(0)).isPositive();
    }

    @Test
    void invalid_specs_name_the_field() {
        assertThatThrownBy(() -> ScheduleSpec.poisson(0, 1L, 10)).hasMessageContaining("rate");
        assertThatThrownBy(() -> ScheduleSpec.poisson(Double.NaN, 1L, 10)).hasMessageContaining("rate");
        assertThatThrownBy(() -> ScheduleSpec.ofCount(1, ArrivalProcess.GAMMA, 0, 1L, 10))
                .hasMessageContaining("burstiness");
        assertThatThrownBy(() -> ScheduleSpec.poisson(1, 1L, 0)).hasMessageContaining("count");
        assertThatThrownBy(() -> ScheduleSpec.ofHorizon(1, ArrivalProcess.POISSON, 1, 1L, 0))
                .hasMessageContaining("horizonSeconds");
        assertThatThrownBy(() -> new ScheduleSpec(1, ArrivalProcess.POISSON, 1, 1L, 5, 2.0))
                .hasMessageContaining("count").hasMessageContaining("horizonSeconds");
        assertThatThrownBy(() -> new ScheduleSpec(1, ArrivalProcess.POISSON, 1, 1L, null, null))
                .hasMessageContaining("count").hasMessageContaining("horizonSeconds");
        assertThatThrownBy(() -> ArrivalProcess.parse("uniform")).hasMessageContaining("poisson, gamma, constant");
    }

    @ParameterizedTest(name = "rate {0}, {1}, CV {2}, count {3}, horizon {4} s → {5}")
    @CsvSource(delimiter = '|', value = {
        "1e-320|POISSON |1    |3  |     |rate          |the mean gap 1/rate overflows",
        "1e-307|POISSON |1    |100|     |rate          |the offsets overflow",
        "1e-307|CONSTANT|1    |100|     |rate          |the offsets overflow",
        "1     |GAMMA   |1e-200|3 |     |burstiness    |the shape k = 1/CV² overflows",
        "1     |GAMMA   |1e6  |3  |     |burstiness    |must be ≤ 10",
        "1     |POISSON |11   |3  |     |burstiness    |must be ≤ 10",
        "1e300 |GAMMA   |1e-5 |3  |     |burstiness    |the gamma scale CV²/rate underflows",
        "1e300 |POISSON |1    |   |1    |horizonSeconds|expects about 1.00e+300 requests",
        "1e300 |CONSTANT|1    |   |1    |horizonSeconds|expects about 1.00e+300 requests",
        "2e7   |POISSON |1    |   |1    |horizonSeconds|expects about 20000000 requests",
    })
    void specs_without_finite_positive_gaps_are_refused_naming_the_field(double rate, ArrivalProcess arrival,
            double cv, Integer n, Double horizon, String field, String problem) {
        assertThatThrownBy(() -> ArrivalSchedule.build(new ScheduleSpec(rate, arrival, cv, 1L, n, horizon)))
                .isInstanceOfSatisfying(InvalidScheduleException.class, e -> {
                    assertThat(e.field()).isEqualTo(field);
                    assertThat(e.problem()).contains(problem);
                    assertThat(e.getMessage()).isEqualTo(field + " " + e.problem())
                            .doesNotContain("9223372036854775807");
                });
    }

    @Test
    void extreme_but_representable_specs_still_build_finite_schedules() {
        ArrivalSchedule fast = ArrivalSchedule.build(ScheduleSpec.poisson(1e300, 1L, 3));
        assertThat(Arrays.stream(fast.offsets()).boxed()).allSatisfy(o -> assertThat(o).isFinite().isPositive());
        ArrivalSchedule slow = ArrivalSchedule.build(ScheduleSpec.poisson(1e-300, 1L, 3));
        assertThat(Arrays.stream(slow.offsets()).boxed()).allSatisfy(o -> assertThat(o).isFinite().isPositive());
        ArrivalSchedule bursty = count(1, ArrivalProcess.GAMMA, ScheduleSpec.MAX_BURSTINESS, 1L, 2000);
        assertThat(bursty.meanGap()).isFinite().isPositive();
        assertThat(bursty.sampledCv()).isFinite().isPositive();
    }
}
