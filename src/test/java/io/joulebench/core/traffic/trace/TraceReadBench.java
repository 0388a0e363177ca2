package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 acceptance 6 (reading half): a one-million-row Mooncake trace (two hours at ~139 req/s, ~2 KB of hash ids
 * per 10 rows) is written to a temp file, then a 2-minute slice at the start, the same slice an hour in, and the
 * whole file are read and timed. Excluded from the default run;
 * {@code ./mvnw -B -o test -Dtest=TraceReadBench -Dsurefire.excludedGroups= -Dgroups=bench}. The RESULT lines are
 * the figures quoted in docs/performance.md.
 */
@Tag("bench")
class TraceReadBench {

    private static final int ROWS = 1_000_000;
    private static final double GAP_MS = 7.2;

    @TempDir
    Path dir;

    @Test
    void a_million_row_trace_slices_and_reads_whole() throws Exception {
        Path file = dir.resolve("million.jsonl");
        SplittableRandom random = new SplittableRandom(30);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            int next = 0;
            for (int i = 0; i < ROWS; i++) {
                int input = random.nextInt(100, 8000);
                StringBuilder ids = new StringBuilder();
                for (int b = 0; b < (input + 511) / 512; b++) {
                    ids.append(b == 0 ? "" : ", ").append(b < 2 ? b : next++);
                }
                w.write("{\"timestamp\": " + Math.round(i * GAP_MS) + ", \"input_length\": " + input
                        + ", \"output_length\": " + random.nextInt(1, 1000) + ", \"hash_ids\": [" + ids + "]}\n");
            }
        }
        System.out.printf("RESULT file %.0f MB, %d rows%n", Files.size(file) / 1e6, ROWS);
        time("2-minute slice at the start", file, 0, 120.0, (int) Math.ceil(120_000 / GAP_MS));
        time("2-minute slice an hour in", file, 3600, 120.0, (int) Math.ceil(120_000 / GAP_MS));
        time("whole file", file, 0, null, ROWS);
    }

    private static void time(String what, Path file, double start, Double duration, int expectedRows) throws Exception {
        System.gc();
        long before = usedHeap();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        TraceSlice slice = TraceSlice.read(file, null, start, duration);
        long nanos = System.nanoTime() - t0;
        long cpu = threads.getCurrentThreadCpuTime() - cpu0;
        System.gc();
        long retained = usedHeap() - before;
        System.out.printf("RESULT %s: %d rows in %.3f s wall (%.3f s CPU of the reading thread), %d lines read, "
                + "~%.1f MB retained%n", what, slice.rows().size(), nanos / 1e9, cpu / 1e9, slice.summary().linesRead(),
                retained / 1e6);
        assertThat(slice.rows().size()).isBetween(expectedRows - 1, expectedRows + 1);
    }

    private static long usedHeap() {
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
