package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A YAML syntax error names the line it is on and only a key that holds it, never the key read before it. */
class YamlSyntaxErrorPlaceTest {

    @Test
    void a_tab_starting_line_3_is_reported_on_line_3_and_not_against_the_key_on_line_2() {
        List<StudyError> errors = StudyFixtures.errorsOf("serving_mode: server\nengine: reference\n"
                + "\tserver: {traffic: {rate: 2}}\n");

        assertThat(errors).hasSize(1);
        assertThat(errors.getFirst().line()).isEqualTo(3);
        assertThat(errors.getFirst().keyPath()).as(errors.getFirst().format()).isEmpty();
        assertThat(errors.getFirst().rule()).contains("TAB");
    }

    @Test
    void an_error_inside_a_keys_value_still_names_that_key() {
        List<StudyError> errors = StudyFixtures.errorsOf("serving_mode: server\nengine: [reference\n");

        assertThat(errors).hasSize(1);
        assertThat(errors.getFirst().keyPath()).as(errors.getFirst().format()).isEqualTo("engine");
    }

    @Test
    void a_problem_names_the_token_it_found_instead_of_ending_in_a_bare_colon() {
        List<StudyError> errors = StudyFixtures.errorsOf("serving_mode: server\nrates: [a: b: c]\n");

        assertThat(errors).hasSize(1);
        assertThat(errors.getFirst().rule()).as(errors.getFirst().format()).doesNotEndWith("but got :")
                .contains("but found ':' (a key's colon");
    }
}
