package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RunEventCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A followed run ends at its real end: an interrupted session is the end only when no resume runs the folder. */
class FollowedEventsTest {

    @TempDir
    Path dir;

    private final AtomicBoolean running = new AtomicBoolean();

    private void append(RunEvent e) throws Exception {
        Files.writeString(dir.resolve(EventLog.FILE_NAME), RunEventCodec.write(new RecordedEvent(null, null, e)) + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void an_interrupted_session_ends_the_run_only_when_nothing_resumes_it() throws Exception {
        FollowedEvents events = new FollowedEvents(dir, d -> running.get());
        append(new RunEvent.StudyStarted("q", 3, 9, 1, 60, 0));
        append(new RunEvent.StudyFinished(RunEvent.Outcome.INTERRUPTED, null));
        running.set(true); // a resume has claimed the folder
        assertThat(events.poll()).hasSize(2);
        assertThat(events.ended()).isEmpty();

        append(new RunEvent.StudyStarted("q", 3, 9, 1, 60, 1));
        assertThat(events.poll()).hasSize(1);
        assertThat(events.ended()).isEmpty();
        append(new RunEvent.StudyFinished(RunEvent.Outcome.FINISHED, 30.0));
        events.poll();
        assertThat(events.ended()).contains(RunEvent.Outcome.FINISHED);
    }

    @Test
    void an_interrupted_run_nobody_resumes_ended_interrupted_and_an_old_file_says_so_through_its_levels()
            throws Exception {
        FollowedEvents events = new FollowedEvents(dir, d -> running.get());
        append(new RunEvent.StudyStarted("q", 3, 9, 1, 60, 0));
        append(new RunEvent.LevelFinished(null, "c", false, true, null, null, null, null, 1, null, null, null));
        append(new RunEvent.StudyFinished(null, null)); // written before the outcome was a field
        events.poll();
        assertThat(events.ended()).contains(RunEvent.Outcome.INTERRUPTED);
    }
}
