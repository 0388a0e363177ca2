package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A study is refused at validation for the burstiness the arrival schedule would refuse at run time. */
class TrafficBoundsTest {

    @Test
    void burstiness_above_the_schedule_maximum_is_a_validation_error_naming_the_key() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  traffic: {rate: 4, arrival: gamma, burstiness: 20}
                """);
        assertThat(errors).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).isEqualTo("server.traffic.burstiness");
            assertThat(e.format()).isEqualTo("test.yaml:3:38: server.traffic.burstiness: must be in (0, 10] (got 20)");
        });
    }

    @Test
    void burstiness_at_the_maximum_is_accepted() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server:
                  traffic: {rate: 4, arrival: gamma, burstiness: 10}
                """);
        assertThat(study).isNotNull();
    }
}
