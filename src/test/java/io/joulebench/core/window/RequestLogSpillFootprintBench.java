package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What holding a level's request rows until attribution costs (issue 31): heap retained per spilled row while the
 * level runs, and spill bytes on disk per row, for 1,000,000 requests of 4 and of 64 tokens. Not a unit test: run with
 * {@code ./mvnw test -Dtest=RequestLogSpillFootprintBench -Dsurefire.excludedGroups= -Dgroups=bench}; figures go to
 * docs/performance.md.
 */
@Tag("bench")
class RequestLogSpillFootprintBench {

    private static final int ROWS = 1_000_000;

    @TempDir
    Path dir;

    @Test
    void heap_and_disk_per_spilled_row() throws Exception {
        for (int tokens : new int[] {4, 64}) {
            Path spill = dir.resolve("w" + tokens + ".rows");
            long before = heapAfterGc();
            RequestLogSpill log = new RequestLogSpill(0, 1, (level, window) -> spill);
            long s = 1_000_000_000_000L;
            for (int i = 0; i < ROWS; i++) {
                long issued = s + i * 5_000_000L;
                long[] times = new long[tokens];
                for (int t = 0; t < tokens; t++) {
                    times[t] = issued + 30_000_000L + t * 20_000_000L + (i % 7) * 1_000L;
                }
                log.row(new RequestLogRow(new RequestRecord(i, issued, issued + 40_000L, times[tokens - 1] + 1_000L,
                        RequestStatus.OK, null, new CompletionResult(null, times, 200, tokens, "stop")), 0, 0, true,
                        false, false));
            }
            long during = heapAfterGc();
            log.close();
            long disk = Files.size(spill);
            System.out.printf("%d-token requests: heap retained %.1f B/row while the level runs, spill %.1f B/row on "
                    + "disk%n", tokens, (during - before) / (double) ROWS, disk / (double) ROWS);
            assertThat(disk).isPositive();
            Files.delete(spill);
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
