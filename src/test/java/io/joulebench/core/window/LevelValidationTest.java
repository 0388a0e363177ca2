package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.error;
import static io.joulebench.core.window.Fixtures.timeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request-failure rule: a level whose windows lost too many requests is invalid and says so. */
class LevelValidationTest {

    private final VirtualClock clock = VirtualClock.atSeconds(1000);

    /** 30 steady ok requests over three 10 s windows from t = 1030, plus {@code extra}. */
    private LevelOutcome level(WindowSpec.Builder spec, RequestRecord... extra) throws Exception {
        List<RequestRecord> records = new ArrayList<>(WindowManagerTest.steadyTokens(10, 1030, 3, 10));
        records.addAll(List.of(extra));
        return new WindowManager(clock).runLevel(0, LevelPlan.builder(
                spec.rate(5).rampExclusionSeconds(30).durationSeconds(10).build(),
                ScriptedSource.returning(records.toArray(RequestRecord[]::new)), r -> CompletionResult.EMPTY,
                new FakeBracket.Factory(clock, 100)).build());
    }

    @Test
    void a_level_whose_windows_lost_more_than_the_allowed_share_is_invalid_with_the_counts() throws Exception {
        LevelOutcome o = level(WindowSpec.builder(), error(100, 1031, 1032), error(101, 1041, 1042),
                timeout(102, 1051));

        assertThat(o.validation().valid()).isFalse();
        assertThat(o.validation().reason()).isEqualTo("request failures: 3 of 33 (9.1 %: 2 errors, 1 timeout) > 1 % "
                + "(server.max_error_fraction)");
        assertThat(o.validation().cv()).as("the gate's figures are kept").isNotNull();
    }

    @Test
    void a_level_within_the_allowed_share_stays_valid() throws Exception {
        LevelOutcome o = level(WindowSpec.builder().maxErrorFraction(0.1), error(100, 1031, 1032),
                timeout(102, 1051));

        assertThat(o.validation().valid()).as(o.validation().reason()).isTrue();
    }

    @Test
    void failures_outside_the_measured_windows_do_not_count() throws Exception {
        // issued during the ramp (before 1030): owned by window 0 but not in it
        LevelOutcome o = level(WindowSpec.builder(), error(100, 1010, 1011), timeout(101, 1020));

        assertThat(o.validation().valid()).as(o.validation().reason()).isTrue();
    }

    @Test
    void the_stability_gate_reason_comes_first_and_both_are_joined() {
        LevelValidation unsteady = StabilityGate.validate(List.of(100.0, 100.0, 140.0), 0.05);
        WindowRecord w = new WindowRecord(0, 0, 0, 1, null, 10, null,
                new WindowMetrics(1, 90, 8, 2, 100, 0.9, 0, null, null, null, null, null, null, null, null),
                null, false);

        LevelValidation both = unsteady.withRequestFailures(List.of(w), 0.01);

        assertThat(both.valid()).isFalse();
        assertThat(both.reason()).isEqualTo("window-to-window J/token not steady: worst coefficient of variation "
                + "over 3 consecutive windows was 0.1664, exceeding the 0.05 threshold; request failures: 10 of 100 "
                + "(10.0 %: 8 errors, 2 timeouts) > 1 % (server.max_error_fraction)");
        assertThat(both.cv()).isEqualTo(unsteady.cv());
    }

    @Test
    void exactly_at_the_limit_is_allowed_and_zero_allows_none() {
        assertThat(LevelValidation.requestFailureReason(400, 3, 1, 0.01)).isNull();
        assertThat(LevelValidation.requestFailureReason(400, 4, 1, 0.01)).isEqualTo(
                "request failures: 5 of 400 (1.3 %: 4 errors, 1 timeout) > 1 % (server.max_error_fraction)");
        assertThat(LevelValidation.requestFailureReason(1000, 1, 0, 0)).contains("> 0 %");
        assertThat(LevelValidation.requestFailureReason(0, 0, 0, 0)).isNull();
        assertThat(LevelValidation.requestFailureReason(100, 1, 0, 0.005)).contains("> 0.5 %");
    }

    @Test
    void the_limit_must_be_a_fraction() {
        assertThatThrownBy(() -> WindowSpec.builder().rate(1).maxErrorFraction(1.5).build())
                .isInstanceOf(InvalidWindowSpecException.class).hasMessageContaining("max_error_fraction");
    }
}
