package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.testing.JoulebenchChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code joulebench watch} in a child JVM on a folder whose run is still going: it prints lines as another process
 * appends them, and Ctrl-C (SIGINT) stops the watching with 130 while the folder is left as it was.
 */
class WatchIT {

    @TempDir
    Path tmp;

    @Test
    void watch_follows_appended_lines_and_ctrl_c_stops_watching_with_130() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("manifest.json"), "{}");
        Path events = Files.writeString(dir.resolve("events.jsonl"),
                "{\"t\":\"2026-12-02T00:00:00Z\",\"event\":\"study_started\",\"line\":\"study s: 3 levels\"}\n");
        try (JoulebenchChild watch = JoulebenchChild.start(tmp.resolve("home"), List.of("watch", dir.toString()))) {
            assertThat(watch.awaitLine("study s: 3 levels", Duration.ofSeconds(60))).as(watch.output()).isTrue();
            Files.writeString(events, "{\"t\":\"2026-12-02T00:00:01Z\",\"event\":\"level_started\",\"line\":"
                    + "\"level 1/3 at 2 req/s, ETA 9s: started\"}\n", StandardOpenOption.APPEND);
            assertThat(watch.awaitLine("level 1/3 at 2 req/s, ETA 9s: started", Duration.ofSeconds(30)))
                    .as(watch.output()).isTrue();
            watch.signal("INT");
            assertThat(watch.waitFor(Duration.ofSeconds(30))).as(watch.output()).isEqualTo(130);
        }
        assertThat(Files.readAllLines(events)).hasSize(2);
    }
}
