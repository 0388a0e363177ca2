package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventTailTest {

    @TempDir
    Path dir;

    private void append(String text) throws Exception {
        Files.writeString(dir.resolve(EventLog.FILE_NAME), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    @Test
    void a_missing_file_is_no_events_yet() throws Exception {
        assertThat(EventTail.of(dir).poll()).isEmpty();
    }

    @Test
    void a_line_still_being_written_comes_with_the_next_poll_whole() throws Exception {
        EventTail tail = EventTail.of(dir);
        append("{\"event\":\"a\"}\n{\"event\":\"b\",\"line\":\"häl");
        assertThat(tail.poll()).extracting(n -> n.path("event").asText()).containsExactly("a");
        append("f\"}\n");
        var next = tail.poll();
        assertThat(next).extracting(n -> n.path("line").asText()).containsExactly("hälf");
        assertThat(tail.poll()).isEmpty();
    }

    @Test
    void a_torn_line_of_a_killed_run_is_skipped_and_the_resumes_lines_read() throws Exception {
        append("{\"event\":\"a\"}\n{\"event\":\"window_clo\n{\"event\":\"study_started\"}\n");
        assertThat(EventTail.of(dir).poll()).extracting((JsonNode n) -> n.path("event").asText())
                .containsExactly("a", "study_started");
    }
}
