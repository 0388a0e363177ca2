package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.flatBracket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.stats.PowerSeries;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowMeasurementTest {

    @Test
    void flat_power_with_one_token_per_quarter() {
        WindowMeasurement m = WindowMeasurement.of(flatBracket(0, 4, 100, 400.0), 4, new long[] {1, 1, 1, 1});
        assertThat(m.energyJ()).isEqualTo(400.0);
        assertThat(m.jPerToken()).isEqualTo(100.0);
        assertThat(m.intraWindowCv()).isCloseTo(0.0, offset(1e-9));
    }

    @Test
    void request_granular_receipts_two_per_quarter() {
        WindowMeasurement m = WindowMeasurement.of(flatBracket(0, 4, 100, 400.0), 8, new long[] {2, 2, 2, 2});
        assertThat(m.jPerToken()).isEqualTo(50.0);
        assertThat(m.intraWindowCv()).isCloseTo(0.0, offset(1e-9));
    }

    @Test
    void an_empty_quarter_nulls_the_diagnostic_but_not_j_per_token() {
        WindowMeasurement m = WindowMeasurement.of(flatBracket(0, 4, 100, 400.0), 2, new long[] {1, 0, 0, 1});
        assertThat(m.jPerToken()).isEqualTo(200.0);
        assertThat(m.intraWindowCv()).isNull();
    }

    @Test
    void uneven_quarters_show_in_the_diagnostic() {
        WindowMeasurement m = WindowMeasurement.of(flatBracket(0, 4, 100, 400.0), 5, new long[] {2, 1, 1, 1});
        // quarter J/token 50, 100, 100, 100: mean 87.5, population std 21.65
        assertThat(m.intraWindowCv()).isCloseTo(21.650635 / 87.5, offset(1e-6));
    }

    @Test
    void zero_tokens_give_no_j_per_token() {
        WindowMeasurement m = WindowMeasurement.of(flatBracket(0, 4, 100, 400.0), 0, new long[4]);
        assertThat(m.energyJ()).isEqualTo(400.0);
        assertThat(m.jPerToken()).isNull();
    }

    @Test
    void no_bracket_or_one_sample_gives_nulls() {
        assertThat(WindowMeasurement.of(null, 4, new long[] {1, 1, 1, 1}))
                .isEqualTo(new WindowMeasurement(null, null, null));
        var single = Fixtures.bracket(0, 4, null, List.of(new PowerSample(0, 0, 100.0, null, null)));
        assertThat(WindowMeasurement.of(single, 4, new long[] {1, 1, 1, 1}))
                .isEqualTo(new WindowMeasurement(null, null, null));
    }

    @Test
    void power_cleaning_drops_bad_samples_and_median_filters_spikes() {
        List<PowerSample> samples = List.of(new PowerSample(0, 0, 100.0, null, null),
                new PowerSample(1_000_000_000L, 0, 100.0, null, null),
                new PowerSample(2_000_000_000L, 0, 1000.0, null, null),
                new PowerSample(3_000_000_000L, 0, 100.0, null, null),
                new PowerSample(4_000_000_000L, 0, 100.0, null, null),
                new PowerSample(5_000_000_000L, 0, null, null, null),
                new PowerSample(6_000_000_000L, 0, -5.0, null, null));
        PowerSeries series = PowerSeries.clean(samples);
        assertThat(series.size()).isEqualTo(5);
        assertThat(series.energyJ()).isEqualTo(400.0);
        assertThat(series.energyJ(500_000_000L, 1_500_000_000L)).isEqualTo(100.0);
    }
}
