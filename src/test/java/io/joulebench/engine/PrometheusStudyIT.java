package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.joulebench.core.energy.FakeDcgmEndpoint;
import io.joulebench.core.energy.KubernetesRecipe;
import io.joulebench.core.energy.PrometheusServer;
import io.joulebench.core.energy.PrometheusSettings;
import io.joulebench.core.energy.PrometheusSourceIT;
import io.joulebench.core.session.LevelResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: a short study measured by {@code energy_sampler: prometheus} (the in-process reference engine serves the
 * traffic; a real Prometheus scrapes the test exporter every second, {@link PrometheusSourceIT}'s 300 W pod and the
 * 120 W pod the recipe's query excludes). Each window's energy is the selected pod's 300 W × its duration, and the
 * windows tile the counter as with any other source.
 */
class PrometheusStudyIT {

    @TempDir
    Path dir;

    @Test
    void a_study_measured_from_prometheus_gets_the_selected_pods_energy_per_window() throws Exception {
        assumeTrue(Files.isExecutable(PrometheusServer.BINARY), "Prometheus integration tests need "
                + PrometheusServer.BINARY + " (Debian's prometheus package)");
        long origin = System.nanoTime();
        try (FakeDcgmEndpoint exporter = new FakeDcgmEndpoint(
                () -> PrometheusSourceIT.exposition(System.nanoTime() - origin));
             PrometheusServer prometheus = PrometheusServer.start(Files.createDirectories(dir.resolve("prom")),
                     exporter.url().getAuthority())) {
            PrometheusSourceIT.awaitTwoScrapes(PrometheusSettings.of(prometheus.url(), KubernetesRecipe.QUERY,
                    PrometheusSettings.Unit.MJ));
            ReferenceEngineSessionIT.MemorySink sink = ReferenceEngineSessionIT.run("""
                    serving_mode: server
                    engine: reference
                    runners: {reference: in-process}
                    task: {dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
                    measurement:
                      energy_sampler: prometheus
                      prometheus: {url: "%s", query: '%s', unit: mJ}
                      baseline: {enabled: false}
                    reference: {max_num_seqs: 4}
                    server:
                      traffic: {rate: 8, concurrency_cap: 4, ramp_exclusion_seconds: 0.5, window_seconds: 5}
                      windows_per_level: 2
                      warmup: {mode: fixed, duration_seconds: 0}
                    study_execution: {experiment_timeout_seconds: 10}
                    """.formatted(prometheus.url(), KubernetesRecipe.QUERY), dir);

            assertThat(sink.failures).isEmpty();
            LevelResult level = sink.levels.getFirst();
            assertThat(level.windows()).hasSize(2).allSatisfy(w -> {
                double expected = 300 * w.bracket().durationSeconds();
                assertThat(w.energyJ()).as("%s", w.bracket().warnings()).isCloseTo(expected, within(expected * 0.02));
                assertThat(w.bracket().source()).isEqualTo("prometheus");
                assertThat(w.bracket().devices()).singleElement().extracting(d -> d.name()).asString()
                        .contains("pod=\"vllm-0\"");
                assertThat(w.bracket().toString()).doesNotContain("other-0");
            });
            assertThat(level.windows().get(1).bracket().startNanos())
                    .isEqualTo(level.windows().get(0).bracket().endNanos());
        }
    }
}
