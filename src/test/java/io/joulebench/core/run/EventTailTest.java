package io.joulebench.core.run;

import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RecordedEvent;
import static org.assertj.core.api.Assertions.assertThat;

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
        append("{\"event\":\"a\",\"line\":\"a\"}\n{\"event\":\"b\",\"line\":\"häl");
        assertThat(tail.poll()).extracting(RecordedEvent::line).containsExactly("a");
        assertThat(tail.atEnd()).as("a line still being written is not the end").isFalse();
        append("f\"}\n");
        var next = tail.poll();
        assertThat(next).extracting(RecordedEvent::line).containsExactly("hälf");
        assertThat(tail.atEnd()).isTrue();
        assertThat(tail.poll()).isEmpty();
    }

    @Test
    void a_torn_line_of_a_killed_run_is_skipped_and_the_resumes_lines_read() throws Exception {
        append("{\"event\":\"a\"}\n{\"event\":\"window_clo\n{\"event\":\"study_started\"}\n");
        assertThat(EventTail.of(dir).poll()).extracting(r -> r.event() instanceof RunEvent.StudyStarted)
                .containsExactly(false, true);
    }
}
