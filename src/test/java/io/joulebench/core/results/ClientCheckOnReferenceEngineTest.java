package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.testing.TestWiring;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, acceptance 4: every window reports the client's own load; a normal window on the in-process reference
 * engine carries no client warning, and one whose client is overloaded (CPU hogs and stop-the-world collections
 * beside it) does, in result.json's warnings.
 */
class ClientCheckOnReferenceEngineTest {

    private static final String STUDY = """
            study_name: client-check
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_output_tokens: 32
              random_seed: 42
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {arrival: poisson, seed: 7, rate: 16, ramp_exclusion_seconds: 0.5, window_seconds: 1.5}
              warmup: {mode: fixed, duration_seconds: 0.2}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            """;

    @TempDir
    Path tmp;

    @Test
    void a_normal_window_carries_the_client_columns_and_no_client_warning() throws Exception {
        Path folder = run("quiet");
        for (Map<String, String> w : Csv.rows(folder.resolve("windows.csv"))) {
            assertThat(w.get("client_receipt_lag_p99_ms")).isNotBlank();
            assertThat(w.get("client_gc_pause_ms")).isNotBlank();
            assertThat(Double.parseDouble(w.get("client_cpu_fraction"))).isBetween(0.0, 1.0);
        }
        List<Map<String, String>> windows = Csv.rows(folder.resolve("windows.csv"));
        long lagging = windows.stream().filter(w -> Double.parseDouble(w.get("client_receipt_lag_p99_ms"))
                > io.joulebench.core.window.ClientLoad.MAX_LAG_SHARE_OF_ITL * Double.parseDouble(w.get("itl_p50_ms")))
                .count();
        assertThat(clientWarnings(folder)).as("one warning per window whose lag p99 is over the stated share: %s",
                figures(folder)).hasSize((int) lagging);
        // whether this machine lags is its own business: a shared 2-core runner does (one 30 ms GC pause in a 1.5 s
        // window is a lag p99 above a quarter of a 9 ms ITL), so "none" is asserted only where the machine is
        // declared quiet: ./mvnw test -Dtest=ClientCheckOnReferenceEngineTest -Djoulebench.quietMachine=true
        assumeTrue(Boolean.getBoolean("joulebench.quietMachine"), "not declared a quiet machine; figures: "
                + figures(folder));
        assertThat(clientWarnings(folder)).as("lag p99 / ITL p50: %s", figures(folder)).isEmpty();
    }

    @Test
    void an_overloaded_client_sees_the_warning() throws Exception {
        // The load runs from the end of the warmup until the level's result: over the ramp and both windows, which is
        // what the check reads; starting the engine and writing the files beside it only made the run slow. Its windows
        // are half as long as the quiet run's: the hogs slow everything two- to threefold, and a loaded window's lag
        // p99 (50-60 ms in 0.75 s windows on a 2-core runner) is still some 20 times the warning's threshold.
        String shorter = STUDY.replace("window_seconds: 1.5}", "window_seconds: 0.75}");
        assertThat(shorter).isNotEqualTo(STUDY);
        Overload overload = new Overload();
        Path folder;
        try {
            folder = run("overloaded", shorter, new StudyRunListener() {
                @Override
                public void warmupFinished(WarmupResult result) {
                    overload.start();
                }

                @Override
                public void levelResult(LevelResult result) {
                    overload.stop();
                }
            });
        } finally {
            overload.stop();
        }
        assertThat(overload.started).as("the load ran during the level").isTrue();
        assertThat(clientWarnings(folder)).as("lag p99 / ITL p50: %s", figures(folder)).isNotEmpty().allSatisfy(w -> assertThat(w).contains("client overloaded"));
        for (Map<String, String> w : Csv.rows(folder.resolve("windows.csv"))) {
            assertThat(Double.parseDouble(w.get("client_gc_pause_ms"))).isPositive();
        }
    }

    /** CPU hogs on every core and stop-the-world collections beside the client, between start and stop. */
    private static final class Overload {
        private final List<Thread> threads = new ArrayList<>();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<long[]> live = new ArrayList<>();
        private volatile boolean started;

        Overload() {
            for (int i = 0; i < 60_000; i++) {
                live.add(new long[64]); // ~33 MB live: each full collection marks and moves it
            }
        }

        synchronized void start() {
            if (started) {
                return;
            }
            started = true;
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                threads.add(Thread.ofPlatform().daemon().start(() -> {
                    long x = 0;
                    while (!stop.get()) {
                        x += System.nanoTime() % 7;
                    }
                    if (x == 42) {
                        System.out.print("");
                    }
                }));
            }
            threads.add(Thread.ofPlatform().daemon().start(() -> {
                while (!stop.get()) {
                    System.gc(); // a stop-the-world pause the client's threads wait through
                    LockSupport.parkNanos(20_000_000);
                }
            }));
        }

        synchronized void stop() {
            stop.set(true);
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            threads.clear();
            live.clear();
        }
    }

    private Path run(String name) throws Exception {
        return run(name, STUDY, StudyRunListener.NONE);
    }

    private Path run(String name, String study, StudyRunListener listener) throws Exception {
        Path yaml = Files.writeString(tmp.resolve(name + ".yaml"), study);
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve(name), listener);
        return r.folder();
    }

    private static List<String> figures(Path folder) throws Exception {
        return Csv.rows(folder.resolve("windows.csv")).stream()
                .map(w -> w.get("client_receipt_lag_p99_ms") + " / " + w.get("itl_p50_ms")).toList();
    }

    private static List<String> clientWarnings(Path folder) throws Exception {
        List<String> out = new ArrayList<>();
        try (var files = Files.walk(folder)) {
            for (Path p : files.filter(f -> f.getFileName().toString().equals("result.json")).toList()) {
                JsonNode warnings = new ObjectMapper().readTree(p.toFile()).get("measurement_warnings");
                warnings.forEach(w -> {
                    if (w.asText().startsWith("client")) {
                        out.add(w.asText());
                    }
                });
            }
        }
        return out;
    }
}
