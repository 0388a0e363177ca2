package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.time.VirtualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventLogTest {

    @TempDir
    Path dir;

    @Test
    void each_line_is_stamped_with_the_runs_clock_not_the_machines() throws Exception {
        // Issue 15 item 5: the events file read Instant.now() itself.
        VirtualClock clock = VirtualClock.atSeconds(0);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            log.line("job", "first");
            clock.advance(Duration.ofSeconds(90));
            log.studyFinished(false);
        }

        List<String> lines = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).contains("\"t\":\"2026-01-01T00:00:00Z\"", "\"event\":\"job\"", "\"line\":\"first\"");
        assertThat(lines.get(1)).contains("\"t\":\"2026-01-01T00:01:30Z\"", "\"event\":\"" + EventLog.STUDY_FINISHED);
    }

    @Test
    void a_cancelled_runs_thread_still_writes_every_later_event() throws Exception {
        // A cancel interrupts the run's thread; the events written after it (study_finished, which watch waits for)
        // must still land. A FileChannel closed itself at the first interrupted write and lost them all.
        VirtualClock clock = VirtualClock.atSeconds(0);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            Thread.currentThread().interrupt();
            try {
                log.line("job", "after the cancel");
                log.studyFinished(true);
            } finally {
                Thread.interrupted();
            }
        }

        List<String> lines = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).contains("\"event\":\"" + EventLog.STUDY_FINISHED);
    }
}
