package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WindowSpecTest {

    @Test
    void defaults_follow_the_calibrated_protocol() {
        WindowSpec spec = WindowSpec.ofRate(10);
        assertThat(spec.durationSeconds()).isEqualTo(240);
        assertThat(spec.rampExclusionSeconds()).isEqualTo(30);
        assertThat(spec.windowsPerLevel()).isEqualTo(3);
        assertThat(spec.cvThreshold()).isEqualTo(0.05);
        assertThat(spec.attributionPolicy()).isEqualTo("steady_state_span");
        assertThat(spec.horizonSeconds()).isEqualTo(750);
    }

    @ParameterizedTest
    @CsvSource({
        "0,240,30,3,0.05,rate", "-1,240,30,3,0.05,rate", "NaN,240,30,3,0.05,rate",
        "1,0,30,3,0.05,duration_s", "1,240,-1,3,0.05,ramp_exclusion_s",
        "1,240,30,0,0.05,windows_per_level", "1,240,30,3,0,cv_threshold"})
    void invalid_values_name_their_field(double rate, double duration, double ramp, int windows, double cv,
                                         String field) {
        assertThatThrownBy(() -> new WindowSpec(rate, duration, ramp, windows, cv))
                .isInstanceOfSatisfying(InvalidWindowSpecException.class, e -> assertThat(e.field()).isEqualTo(field))
                .hasMessageStartingWith(field + ":");
    }

    @Test
    void a_zero_ramp_is_allowed() {
        assertThat(WindowSpec.builder().rate(1).rampExclusionSeconds(0).build().rampExclusionSeconds()).isZero();
    }

    @Test
    void count_based_windows_are_rejected_with_a_clear_message() {
        assertThatThrownBy(() -> WindowSpec.builder().rate(1).windowRequests(500))
                .isInstanceOf(InvalidWindowSpecException.class)
                .hasMessageContaining("window_requests")
                .hasMessageContaining("count-based measured windows are not supported");
        assertThat(WindowSpec.builder().rate(1).windowRequests(null).build().durationSeconds()).isEqualTo(240);
    }

    @Test
    void slo_bounds_are_validated() {
        assertThatThrownBy(() -> new Slo(null, null, 0.9)).hasMessageStartingWith("slo:");
        assertThatThrownBy(() -> new Slo(200.0, null, 1.5)).hasMessageStartingWith("slo.percentile:");
        assertThatThrownBy(() -> new Slo(-1.0, null, 0.9)).hasMessageStartingWith("slo.ttft_ms:");
    }
}
