package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 "Load": the reference engine in-process at 200 req/s with short prompts and outputs for 10 minutes (one
 * level of five 2-minute windows) through the full harness (StudyRunner, session, window manager, open-loop source, streaming
 * transport, results folder). Open file descriptors before and after match within a small margin, the heap stays
 * bounded (sampled every second), and no request fails. Opt-in: {@code ./mvnw verify -Psoak}; the length is
 * {@code -Djoulebench.soak.seconds} (default 600). Figures are printed and written to {@code target/soak.txt}.
 */
@Tag("soak")
class ReferenceEngineSoakTest {

    private static final double RATE = 200;
    private static final int FD_MARGIN = 16;

    @TempDir
    Path tmp;

    private static String study(double windowSeconds, int windows) {
        return """
                study_name: soak
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                task: {dataset: {source: short-prompts.csv, n_prompts: 100}, max_input_tokens: 16, max_output_tokens: 8}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                reference: {max_num_seqs: 256}
                server:
                  traffic: {rate: %s, arrival: poisson, seed: 11, ramp_exclusion_seconds: 5, window_seconds: %s}
                  warmup: {mode: fixed, duration_seconds: 5}
                  windows_per_level: %d
                study_execution: {experiment_timeout_seconds: 60}
                """.formatted(RATE, windowSeconds, windows);
    }

    @Test
    void two_hundred_requests_per_second_for_ten_minutes_leak_no_descriptor_no_heap_and_lose_no_request()
            throws Exception {
        double seconds = Double.parseDouble(System.getProperty("joulebench.soak.seconds", "600"));
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        run(study(2, 2), "warm"); // loads classes, opens jars, starts the HTTP client's threads once
        System.gc();
        long fdBefore = openDescriptors();
        long heapBefore = memory.getHeapMemoryUsage().getUsed();

        AtomicLong heapMax = new AtomicLong();
        AtomicLong samples = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "soak-heap-sampler");
            t.setDaemon(true);
            return t;
        });
        sampler.scheduleAtFixedRate(() -> {
            heapMax.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
            samples.incrementAndGet();
        }, 0, 1, TimeUnit.SECONDS);
        long start = System.nanoTime();
        List<WindowRow> rows;
        try {
            rows = run(study(seconds / 5, 5), "soak");
        } finally {
            sampler.shutdownNow();
        }
        double wallS = (System.nanoTime() - start) / 1e9;
        System.gc();
        long fdAfter = openDescriptors();
        long heapAfter = memory.getHeapMemoryUsage().getUsed();
        long heapLimit = memory.getHeapMemoryUsage().getMax();

        long issued = rows.stream().mapToLong(r -> Long.parseLong(r.raw("issued"))).sum();
        long completed = rows.stream().mapToLong(r -> Long.parseLong(r.raw("completed"))).sum();
        long errors = rows.stream().mapToLong(r -> Long.parseLong(r.raw("errors"))).sum();
        long timeouts = rows.stream().mapToLong(r -> Long.parseLong(r.raw("timeouts"))).sum();
        double lagP99Max = rows.stream().mapToDouble(r -> Double.parseDouble(r.raw("dispatch_lag_p99_ms"))).max()
                .orElse(Double.NaN);
        String figures = String.format(Locale.ROOT, """
                soak: %.0f s measured (%.0f s wall), target %.0f req/s
                requests in windows: issued %d, completed %d, errors %d, timeouts %d (%.1f req/s)
                open file descriptors: before %d, after %d
                heap used: before %.1f MiB, max sampled %.1f MiB (%d samples), after GC %.1f MiB, limit %.0f MiB
                dispatch lag p99, worst window: %.2f ms
                """, seconds, wallS, RATE, issued, completed, errors, timeouts, issued / seconds, fdBefore, fdAfter,
                mib(heapBefore), mib(heapMax.get()), samples.get(), mib(heapAfter), mib(heapLimit), lagP99Max);
        System.out.println(figures);
        Files.writeString(Path.of("target", "soak.txt"), figures);

        assertThat(rows).hasSize(5);
        assertThat(errors + timeouts).as("client errors").isZero();
        assertThat(completed).isEqualTo(issued);
        assertThat((double) issued).as("issued vs the target rate").isGreaterThan(0.9 * RATE * seconds);
        assertThat(Math.abs(fdAfter - fdBefore)).as("open descriptors before %d, after %d", fdBefore, fdAfter)
                .isLessThanOrEqualTo(FD_MARGIN);
        assertThat(heapMax.get()).as("heap bounded").isLessThan(heapLimit / 2);
        assertThat(heapAfter).as("heap after GC").isLessThan(heapBefore + 64L * 1024 * 1024);
    }

    private List<WindowRow> run(String yaml, String name) throws Exception {
        // short prompts: the engine's prefill time grows with prompt tokens, and 200 long prompts a second would
        // overload the simulated card (an open-loop backlog, not a harness property)
        StringBuilder prompts = new StringBuilder("prompt\n");
        for (int i = 0; i < 100; i++) {
            prompts.append("count to ").append(i).append('\n');
        }
        Files.writeString(tmp.resolve("short-prompts.csv"), prompts);
        Path file = Files.writeString(tmp.resolve(name + ".yaml"), yaml);
        Study study = new StudyLoader().load(file);
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system())
                .run(study, tmp.resolve("out-" + name), StudyRunListener.NONE);
        return WindowsCsvTable.readFolder(r.folder()).rows();
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }
}
