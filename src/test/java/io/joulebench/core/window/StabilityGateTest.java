package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StabilityGateTest {

    private static LevelValidation gate(Double... values) {
        return StabilityGate.validate(Arrays.asList(values), 0.05);
    }

    @Test
    void identical_windows_are_valid_with_zero_cv() {
        LevelValidation v = gate(100.0, 100.0, 100.0);
        assertThat(v.valid()).isTrue();
        assertThat(v.cv()).isZero();
        assertThat(v.windowsConsidered()).isEqualTo(3);
        assertThat(v.reason()).isNull();
        assertThat(v.threshold()).isEqualTo(0.05);
    }

    @ParameterizedTest
    @CsvSource({"100,100,140,false", "100,105,100,true", "100,120,100,false"})
    void three_windows_pass_only_under_the_threshold(double a, double b, double c, boolean valid) {
        assertThat(gate(a, b, c).valid()).isEqualTo(valid);
    }

    @Test
    void the_cv_reason_names_the_worst_run_and_the_threshold() {
        LevelValidation v = gate(100.0, 100.0, 140.0);
        assertThat(v.reason()).isEqualTo("window-to-window J/token not steady: worst coefficient of variation over "
                + "3 consecutive windows was 0.1664, exceeding the 0.05 threshold.");
        assertThat(v.cv()).isCloseTo(0.1664, org.assertj.core.data.Offset.offset(1e-4));
    }

    @Test
    void late_drift_fails_even_when_the_first_run_is_steady() {
        LevelValidation v = gate(100.0, 100.0, 100.0, 140.0, 100.0);
        assertThat(v.valid()).isFalse();
        assertThat(v.cv()).isEqualTo(gate(100.0, 140.0, 100.0).cv());
        assertThat(v.windowsConsidered()).isEqualTo(5);
    }

    @Test
    void fewer_than_three_windows_are_invalid() {
        LevelValidation v = gate(100.0, 100.0);
        assertThat(v.valid()).isFalse();
        assertThat(v.reason()).isEqualTo("the level ran 2 measured window(s); the stability gate needs at least 3 "
                + "consecutive windows.");
        assertThat(v.cv()).isNull();
    }

    @Test
    void a_window_without_j_per_token_invalidates_with_the_zero_token_reason() {
        LevelValidation v = gate(100.0, null, 100.0);
        assertThat(v.valid()).isFalse();
        assertThat(v.reason()).contains("no J/token").contains("zero attributed output tokens");
    }

    @Test
    void the_threshold_is_configurable() {
        assertThat(StabilityGate.validate(List.of(100.0, 120.0, 100.0), 0.1).valid()).isTrue();
    }
}
