package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.StudyError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32 item 5: the form edits task.sessions through the splice, and the core's checks land on its fields. */
class SessionFieldsTest {

    private final StudyDocument document = new StudyDocument();
    private final StudyFormViewModel form = new StudyFormViewModel(document);

    private static String conversations() throws IOException {
        return Files.readString(Path.of("examples/conversations.yaml"));
    }

    /** The conversation example without its sessions block, so the form adds it. */
    private static String withoutSessions() throws IOException {
        String text = conversations();
        int at = text.indexOf("  sessions:\n");
        int end = text.indexOf("reference:", at);
        return text.substring(0, at) + text.substring(end);
    }

    @Test
    void session_fields_write_turns_and_think_time_keeping_comments_and_read_them_back() throws IOException {
        document.textProperty().set(withoutSessions());
        assertThat(form.field("turns_distribution").valueProperty().get()).isEmpty();

        form.edit("turns_distribution", "uniform");
        form.edit("turns_min", "2");
        form.edit("turns_max", "5");
        form.edit("think_distribution", "lognormal");
        form.edit("think_mean", "1.5");
        form.edit("think_stddev", "0.5");

        String yaml = document.textProperty().get();
        assertThat(yaml).contains("# sessions resend their history as chat messages").contains("# sessions per second");
        assertThat(StudyYaml.get(document.tree(), "task.sessions.turns.distribution").asText()).isEqualTo("uniform");
        assertThat(StudyYaml.get(document.tree(), "task.sessions.turns.max").asInt()).isEqualTo(5);
        assertThat(StudyYaml.get(document.tree(), "task.sessions.think_seconds.mean").asDouble()).isEqualTo(1.5);
        assertThat(StudyCheck.of(yaml, Path.of("examples/conversations.yaml")).errors()).isEmpty();

        // a study written by hand reads back into the same fields
        document.textProperty().set(conversations());
        assertThat(form.field("turns_distribution").valueProperty().get()).isEqualTo("uniform");
        assertThat(form.field("turns_max").valueProperty().get()).isEqualTo("6");
        assertThat(form.field("think_max").valueProperty().get()).isEqualTo("10");

        form.edit("think_distribution", "");
        form.edit("think_mean", "");
        form.edit("think_stddev", "");
        form.edit("think_max", "");
        assertThat(StudyYaml.get(document.tree(), "task.sessions.think_seconds.mean")).isNull();
        assertThat(StudyYaml.get(document.tree(), "task.sessions.turns.min").asInt()).isEqualTo(2);
    }

    @Test
    void the_cores_checks_of_a_session_distribution_go_to_its_fields() throws IOException {
        document.textProperty().set(conversations()
                .replace("turns: {distribution: uniform, min: 2, max: 6}", "turns: {distribution: uniform, min: 6, max: 2}")
                .replace("stddev: 1, max: 10", "stddev: -1, max: 10"));
        List<String> keys = keysOfErrors();
        assertThat(keys).contains("turns_max", "think_stddev");

        document.textProperty().set(conversations().replace("turns: {distribution: uniform, min: 2, max: 6}",
                "turns: {distribution: normal, min: 2}"));
        assertThat(keysOfErrors()).contains("turns_mean", "turns_stddev");

        document.textProperty().set(conversations().replace("    turns: {distribution: uniform, min: 2, max: 6}\n", ""));
        assertThat(keysOfErrors()).contains("turns_distribution");
    }

    private List<String> keysOfErrors() {
        List<StudyError> errors = StudyCheck.of(document.textProperty().get(), null).errors();
        assertThat(errors).isNotEmpty();
        return errors.stream().map(e -> form.fieldKeyFor(e.keyPath()).orElse("?" + e.keyPath())).toList();
    }
}
