package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A level of 1,000,000 requests runs in a 512 MB heap because requests are aggregated as they finish, not kept.
 * Excluded from the default run; {@code ./mvnw test -Dtest=WindowManagerMemoryBench -Dsurefire.excludedGroups=}.
 */
@Tag("bench")
class WindowManagerMemoryBench {

    @Test
    void a_million_requests_run_in_a_512_mb_heap() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                MillionRequestLevel.class.getName()).redirectErrorStream(true).start();
        boolean finished = child.waitFor(5, TimeUnit.MINUTES);
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.println(output); // the RESULT line is the figure quoted in docs/performance.md

        assertThat(finished).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        String result = output.lines().filter(l -> l.startsWith("RESULT ")).findFirst().orElseThrow();
        assertThat(result).contains("issued=1000000", "max_heap_mb=512");
        double usedAfterGc = Double.parseDouble(field(result, "used_after_gc_mb"));
        assertThat(usedAfterGc).as("aggregates, not records, stay on the heap").isLessThan(64);
        long inWindow = Long.parseLong(field(result, "in_window"));
        assertThat(inWindow).isGreaterThan(800_000);
    }

    private static String field(String line, String name) {
        return List.of(line.split(" ")).stream().filter(f -> f.startsWith(name + "=")).findFirst().orElseThrow()
                .substring(name.length() + 1);
    }
}
