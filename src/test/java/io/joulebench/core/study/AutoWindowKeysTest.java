package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code window_seconds: auto} and {@code window_seconds_auto} (Joulebench extensions, #23). */
class AutoWindowKeysTest {

    @Test
    void fixed_window_seconds_stays_the_default_and_has_no_auto() {
        TrafficConfig t = StudyFixtures.load("""
                serving_mode: server
                server: {traffic: {rate: 2, window_seconds: 30}}
                """).cells().getFirst().experiment().server().traffic();
        assertThat(t.levelAutoWindow()).isNull();
        assertThat(t.levelWindowSeconds()).isEqualTo(30);
    }

    @Test
    void auto_takes_the_documented_defaults_and_plans_with_max_seconds() {
        TrafficConfig t = StudyFixtures.load("""
                serving_mode: server
                server: {traffic: {rate: 2, window_seconds: auto}}
                """).cells().getFirst().experiment().server().traffic();
        assertThat(t.levelAutoWindow()).isEqualTo(new AutoWindowConfig(10, 300, 0.03));
        assertThat(t.levelWindowSeconds()).as("the worst case a plan uses").isEqualTo(300);
        assertThat(t.levelAutoWindow().label()).isEqualTo("auto (10–300 s)");
    }

    @Test
    void given_bounds_are_read_and_a_listed_rate_keeps_its_fixed_length() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server:
                  traffic:
                    window_seconds: auto
                    window_seconds_auto: {min_seconds: 5, max_seconds: 60, target_cv: 0.02}
                    window_seconds_by_rate: {8: 20}
                sweep: {server.traffic.rate: [2, 8]}
                """);
        TrafficConfig low = study.cells().get(0).experiment().server().traffic();
        TrafficConfig high = study.cells().get(1).experiment().server().traffic();
        assertThat(low.levelAutoWindow()).isEqualTo(new AutoWindowConfig(5, 60, 0.02));
        assertThat(high.levelAutoWindow()).as("by_rate wins for its rate").isNull();
        assertThat(high.levelWindowSeconds()).isEqualTo(20);
        assertThat(StudyPlan.of(study).estimate().measuredSeconds()).isEqualTo(3 * (60 + 20));
    }

    @Test
    void a_word_other_than_auto_names_the_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  traffic:
                    rate: 2
                    window_seconds: longest
                """);
        assertThat(errors).singleElement().satisfies(e -> assertThat(e.format())
                .contains("server.traffic.window_seconds").contains(":5:").contains("or auto"));
    }

    @Test
    void bounds_without_auto_are_refused_naming_the_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  traffic:
                    rate: 2
                    window_seconds: 30
                    window_seconds_auto: {max_seconds: 60}
                """);
        assertThat(errors).singleElement().satisfies(e -> assertThat(e.format())
                .contains("server.traffic.window_seconds_auto").contains(":6:").contains("window_seconds: auto"));
    }

    @Test
    void max_below_min_is_refused_even_against_the_default_min() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  traffic:
                    rate: 2
                    window_seconds: auto
                    window_seconds_auto: {max_seconds: 5}
                """);
        assertThat(errors).singleElement().satisfies(e -> assertThat(e.format())
                .contains("server.traffic.window_seconds_auto.max_seconds").contains(":6:")
                .contains("at least min_seconds (10"));
    }

    @Test
    void auto_with_a_trace_replay_is_refused() {
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                server: {traffic: {trace: arrivals.csv, window_seconds: auto}}
                """)).anySatisfy(e -> assertThat(e.format()).contains("server.traffic.window_seconds")
                .contains("trace replay"));
    }

    @Test
    void a_target_cv_out_of_range_is_refused() {
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                server: {traffic: {rate: 2, window_seconds: auto, window_seconds_auto: {target_cv: 0}}}
                """)).singleElement().satisfies(e -> assertThat(e.format())
                .contains("window_seconds_auto.target_cv"));
    }
}
