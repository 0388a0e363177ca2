package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Heap is O(in-flight), not O(requests): bytes per in-flight request against a stalled transport, and a
 * 5,000,000-request level under surefire's -Xmx1g with heap-after-GC sampled as it runs. Not a unit test: run with
 * {@code ./mvnw test -Dtest=InFlightMemoryBench -Dsurefire.excludedGroups= -Dgroups=bench}.
 */
@Tag("bench")
class InFlightMemoryBench {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
    private static final int IN_FLIGHT = Integer.getInteger("memory.inFlight", 20_000);
    private static final int LEVEL = Integer.getInteger("memory.level", 5_000_000);
    private static final double LEVEL_RATE = Double.parseDouble(System.getProperty("memory.rate", "200000"));

    @Test
    void bytes_per_in_flight_request() throws Exception {
        OpenLoopSource source = OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.ofCount(100_000, ArrivalProcess.CONSTANT, 1, 1L,
                        IN_FLIGHT)))
                .shapes(FakeTransports.SHAPES).retainRecords(false).build();
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger entered = new AtomicInteger();
        Transport stalled = request -> {
            entered.incrementAndGet();
            release.await();
            return FakeTransports.tokens(1L);
        };
        long baseline = heapAfterGc();
        Thread run = Thread.ofPlatform().start(() -> {
            try {
                source.run(stalled, null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        while (entered.get() < IN_FLIGHT) {
            Thread.sleep(20);
        }
        long loaded = heapAfterGc();
        release.countDown();
        run.join();
        long perRequest = (loaded - baseline) / IN_FLIGHT;
        System.out.printf(Locale.ROOT, "in-flight %d: heap after GC %.1f MB → %.1f MB, %d bytes per in-flight request "
                + "(InFlight + RequestShape + payload map + parked virtual thread and its stack)%n",
                IN_FLIGHT, baseline / 1e6, loaded / 1e6, perRequest);
        assertThat(perRequest).isPositive().isLessThan(64 * 1024);
    }

    @Test
    void five_million_requests_fit_in_one_gigabyte() throws Exception {
        long baseline = heapAfterGc();
        ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.ofCount(LEVEL_RATE, ArrivalProcess.CONSTANT, 1,
                1L, LEVEL));
        long withSchedule = heapAfterGc();
        AtomicLong sent = new AtomicLong();
        Transport instant = request -> {
            sent.incrementAndGet();
            return FakeTransports.tokens(1L);
        };
        OpenLoopSource source = OpenLoopSource.builder().schedule(schedule)
                .shapes(FakeTransports.SHAPES).retainRecords(false).build();
        List<String> samples = new ArrayList<>();
        long[] peak = {0};
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            long start = System.nanoTime();
            try {
                while (true) {
                    Thread.sleep(2000);
                    long heap = heapAfterGc();
                    peak[0] = Math.max(peak[0], heap);
                    samples.add(String.format(Locale.ROOT, "t=%.0fs sent=%d heap=%.1fMB",
                            (System.nanoTime() - start) / 1e9, sent.get(), heap / 1e6));
                }
            } catch (InterruptedException e) {
                // run finished
            }
        });
        long t0 = System.nanoTime();
        IssuerReport report = source.run(instant, Duration.ofSeconds(60));
        double seconds = (System.nanoTime() - t0) / 1e9;
        sampler.interrupt();
        sampler.join();
        System.out.printf(Locale.ROOT, "level of %d requests at %.0f req/s target: %.1f s, issued %d, completed %d; "
                + "schedule %.1f MB (+ one copy while running); heap-after-GC samples: %s; peak %.1f MB; max heap %.0f MB%n",
                LEVEL, LEVEL_RATE, seconds, report.issuedCount(), report.completedCount(),
                (withSchedule - baseline) / 1e6, samples, peak[0] / 1e6, Runtime.getRuntime().maxMemory() / 1e6);
        assertThat(report.issuedCount()).isEqualTo(LEVEL);
        assertThat(report.completedCount()).isEqualTo(LEVEL);
        assertThat(peak[0]).isLessThan(Runtime.getRuntime().maxMemory() / 2);
    }

    private static long heapAfterGc() {
        System.gc();
        System.gc();
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
