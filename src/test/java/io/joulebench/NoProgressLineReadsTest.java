package io.joulebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Progress lines are for people (issue 31): no production code in app or core decides from one. The program reads
 * an event's fields ({@code core.event.RunEvent}); only the codec names the {@code line} field, and no source tests
 * a sentence of a progress line.
 */
class NoProgressLineReadsTest {

    /** What reading a progress line back looks like; each was in the code once. */
    private static final List<Pattern> READS = List.of(
            Pattern.compile("\\.(?:path|get|has|hasNonNull)\\(\\s*\"line\"\\s*\\)"),
            Pattern.compile("\\.line\\(\\)\\s*\\.\\s*(?:contains|startsWith|endsWith|matches|equals|indexOf|split)\\("),
            Pattern.compile("\\.(?:contains|startsWith|endsWith)\\(\\s*\"(?:\\(fixed\\)|timed out|not converged"
                    + "|interrupted|converged|valid|invalid|job |study finished|window \\d)"),
            Pattern.compile("Pattern\\.compile\\(\"\\^job "));

    /** The one owner of the {@code line} field: it writes it and reads it back for people. */
    private static final String CODEC = "core/event/RunEventCodec.java";

    static List<String> reads(String source) {
        List<String> found = new ArrayList<>();
        String[] lines = source.split("\n");
        for (int i = 0; i < lines.length; i++) {
            for (Pattern p : READS) {
                if (p.matcher(lines[i]).find()) {
                    found.add((i + 1) + ": " + lines[i].strip());
                }
            }
        }
        return found;
    }

    @Test
    void the_check_finds_each_way_the_code_once_read_a_line() {
        // the reads FollowedRunFeed and JobEvents held at 9c6e5a9
        assertThat(reads("""
                warmup = n.path("line").asText().contains("(fixed)")
                state = line.startsWith("interrupted") ? CANCELLED : FINISHED;
                if (line.contains("timed out")) {
                private static final Pattern ID = Pattern.compile("^job (\\\\S+?): (.*)$");
                if (r.line().startsWith("level")) {
                """)).hasSize(6);
        assertThat(reads("printer.print(r.line(), r.event() instanceof RunEvent.WindowClosed);")).isEmpty();
    }

    @Test
    void no_main_source_in_app_or_core_reads_a_progress_line() throws IOException {
        Path main = Path.of("src/main/java/io/joulebench");
        List<String> found = new ArrayList<>();
        for (String part : List.of("app", "core")) {
            try (Stream<Path> files = Files.walk(main.resolve(part))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    if (f.toString().replace('\\', '/').endsWith(CODEC)) {
                        continue;
                    }
                    reads(Files.readString(f)).forEach(r -> found.add(main.relativize(f) + ":" + r));
                }
            }
        }
        assertThat(found).as("decide from the event's fields, not its line").isEmpty();
    }
}
