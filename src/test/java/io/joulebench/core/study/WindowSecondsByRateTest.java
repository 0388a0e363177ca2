package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code server.traffic.window_seconds_by_rate} (a Joulebench extension): some rates get their own window length. */
class WindowSecondsByRateTest {

    @Test
    void a_listed_rate_uses_its_own_window_and_the_others_window_seconds() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server: {traffic: {window_seconds: 30, window_seconds_by_rate: {2: 240, 10.5: 120}}}
                sweep: {server.traffic.rate: [2, 10.5, 40]}
                """);
        List<Double> windows = study.cells().stream()
                .map(c -> c.experiment().server().traffic().levelWindowSeconds()).toList();
        assertThat(windows).containsExactly(240.0, 120.0, 30.0);
        assertThat(StudyPlan.of(study).launches()).as("rates still share one session").isEqualTo(1);
        assertThat(StudyPlan.of(study).estimate().measuredSeconds()).isEqualTo(3 * (240 + 120 + 30));
    }

    @Test
    void a_key_that_is_not_a_rate_is_an_error_naming_the_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  traffic:
                    rate: 2
                    window_seconds_by_rate: {fast: 10}
                """);
        assertThat(errors).singleElement().satisfies(e -> assertThat(e.format())
                .contains("server.traffic.window_seconds_by_rate.fast").contains(":5:").contains("is not a rate"));
    }

    @Test
    void a_window_that_is_not_positive_is_refused() {
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                server: {traffic: {rate: 2, window_seconds_by_rate: {2: 0}}}
                """)).singleElement().satisfies(e -> assertThat(e.format()).contains("window_seconds_by_rate.2"));
    }
}
