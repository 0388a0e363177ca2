package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.joulebench.core.results.DevicesCsv;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.window.IssuerSummary;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 acceptance 2 against a real Prometheus (Debian's {@code prometheus}; skipped, saying so, without it):
 * Prometheus scrapes, every second, an exporter served here with dcgm-exporter's energy counter (mJ) for two pods'
 * GPUs, {@code vllm-0} at 300 W and {@code other-0} at 120 W. docs/cluster.md's query selects the first only; two
 * contiguous 20 s windows must each measure 300 W × their duration within 2 %, the other pod must appear nowhere, and
 * devices.csv must name the selected series by its labels.
 */
public class PrometheusSourceIT {

    private static final double SELECTED_W = 300;
    private static final double OTHER_W = 120;
    private static final double WINDOW_S = 20;

    @TempDir
    Path tmp;

    @Test
    void windows_on_the_selected_pod_measure_its_power_and_nothing_of_the_other_pod() throws Exception {
        assumeTrue(Files.isExecutable(PrometheusServer.BINARY), "Prometheus integration tests need "
                + PrometheusServer.BINARY + " (Debian's prometheus package)");
        long origin = System.nanoTime();
        try (FakeDcgmEndpoint exporter = new FakeDcgmEndpoint(() -> exposition(System.nanoTime() - origin));
             PrometheusServer prometheus = PrometheusServer.start(tmp, exporter.url().getAuthority())) {
            PrometheusSettings settings = PrometheusSettings.of(prometheus.url(), KubernetesRecipe.QUERY,
                    PrometheusSettings.Unit.MJ);
            awaitTwoScrapes(settings);

            assertThatThrownBy(() -> PrometheusEnergyMeter.open(PrometheusSettings.of(prometheus.url(),
                    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{namespace=\"nowhere\"}", PrometheusSettings.Unit.MJ),
                    Clock.system())).isInstanceOf(MeterException.class)
                    .hasMessageContaining("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{namespace=\"nowhere\"}")
                    .hasMessageContaining("matches no series");
            assertThatThrownBy(() -> PrometheusEnergyMeter.open(PrometheusSettings.of(
                    URI.create("http://" + exporter.url().getAuthority()), KubernetesRecipe.QUERY,
                    PrometheusSettings.Unit.MJ), Clock.system())).isInstanceOf(MeterException.class)
                    .hasMessageContaining("is not a Prometheus server");

            try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(settings, Clock.system())) {
                assertThat(meter.scrapeIntervalFrom()).isEqualTo("prometheus targets");
                assertThat(meter.scrapeInterval()).isEqualTo(Duration.ofSeconds(1));
                assertThat(meter.seriesNames()).singleElement().asString()
                        .startsWith("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{").contains("pod=\"vllm-0\"")
                        .contains("namespace=\"llm\"").contains("gpu=\"0\"");

                Clock clock = Clock.system();
                SampledMeasurementBracket first = new SampledMeasurementBracket(meter, clock);
                first.open();
                clock.sleepUntil(first.openedAtNanos() + Math.round(WINDOW_S * 1e9));
                SampledMeasurementBracket second = new SampledMeasurementBracket(meter, clock);
                BracketResult w1 = first.finishInto(second).result();
                clock.sleepUntil(w1.endNanos() + Math.round(WINDOW_S * 1e9));
                BracketResult w2 = second.finish();

                for (BracketResult w : List.of(w1, w2)) {
                    double expected = SELECTED_W * w.durationSeconds();
                    assertThat(w.durationSeconds()).isCloseTo(WINDOW_S, within(0.5));
                    assertThat(w.energyJ()).as("window energy, %s", w.warnings())
                            .isCloseTo(expected, within(expected * 0.02));
                    assertThat(w.source()).isEqualTo("prometheus");
                    assertThat(w.method()).isEqualTo(EnergyMethod.COUNTER);
                    assertThat(w.devices()).singleElement().extracting(DeviceInfo::name).asString()
                            .contains("pod=\"vllm-0\"");
                    assertThat(w.warnings()).anyMatch(s -> s.contains("edge uncertainty"));
                    assertThat(w.toString()).doesNotContain("other-0");
                }
                assertThat(w2.startNanos()).as("contiguous windows share their edge").isEqualTo(w1.endNanos());
                assertThat(meter.settings().toString()).doesNotContain("other-0");

                String csv = devicesCsv(w1, meter, prometheus.url());
                assertThat(csv).contains("pod=\"\"vllm-0\"\"").doesNotContain("other-0");
            }
        }
    }

    /** dcgm-exporter's shape: the counter in mJ and the power gauge, for one GPU of each pod. */
    public static String exposition(long elapsedNanos) {
        double s = elapsedNanos / 1e9;
        return "# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter\n"
                + line("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", 0, "vllm-0", 4.2e9 + SELECTED_W * s * 1000)
                + line("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", 1, "other-0", 7.7e9 + OTHER_W * s * 1000)
                + "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
                + line("DCGM_FI_DEV_POWER_USAGE", 0, "vllm-0", SELECTED_W)
                + line("DCGM_FI_DEV_POWER_USAGE", 1, "other-0", OTHER_W);
    }

    private static String line(String metric, int gpu, String pod, double value) {
        return String.format(Locale.ROOT, "%s{gpu=\"%d\",UUID=\"GPU-%04d\",device=\"nvidia%d\",modelName=\"NVIDIA"
                + " H100 80GB HBM3\",Hostname=\"node-a\",container=\"%s\",namespace=\"llm\",pod=\"%s\"} %.3f%n",
                metric, gpu, gpu, gpu, pod.replace("-0", ""), pod, value);
    }

    /** Waits until Prometheus holds two samples of the selected series (its first scrapes). */
    public static void awaitTwoScrapes(PrometheusSettings settings) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        try (PrometheusApi api = new PrometheusApi(settings.url(), null, Duration.ofSeconds(5))) {
            while (System.nanoTime() < deadline) {
                List<PrometheusSeries> got = api.query(settings.query() + "[10s]",
                        System.currentTimeMillis() / 1000.0);
                if (!got.isEmpty() && got.getFirst().points().size() >= 2) {
                    return;
                }
                Thread.sleep(250);
            }
        }
        throw new AssertionError("Prometheus did not scrape the exporter within 30 s");
    }

    /** devices.csv as a study writes it, for a window measured by this meter. */
    private String devicesCsv(BracketResult b, EnergyMeter meter, URI url) throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", """
                study_name: prometheus-it
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                measurement:
                  energy_sampler: prometheus
                  prometheus: {url: "%s", query: '%s', unit: mJ}
                  baseline: {enabled: false}
                server: {traffic: {rate: 2}, windows_per_level: 1}
                """.formatted(url, KubernetesRecipe.QUERY)));
        ResolvedCell cell = plan.cells().getFirst();
        WindowRecord w = new WindowRecord(0, 0, b.startNanos(), b.endNanos(), b, 100, null, null, null, false);
        LevelOutcome outcome = new LevelOutcome(0, new WindowSpec(2, b.durationSeconds(), 0, 1, 0.05, 0.01),
                List.of(w), new LevelValidation(true, null, 0.0, 1, 0.05),
                new IssuerSummary(1, 1, 0, 0, b.endNanos() - b.startNanos(), null, 0.0,
                        IssuerReport.LatencySummary.EMPTY));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        folder.cellStarted(cell, "00000000000000aa");
        folder.levelClosed(new LevelResult(cell, "00000000000000aa", 0, outcome, List.of(w), null,
                EnergyContext.of(meter, List.of(), null), null, false),
                new SessionBlock("00000000000000aa", 1, 1, null, null, null, null, null, null));
        List<Map<String, String>> rows = DevicesCsv.read(folder.dir());
        assertThat(rows).singleElement().satisfies(r -> {
            assertThat(r.get("device_name")).isEqualTo(b.devices().getFirst().name());
            assertThat(r.get("device_uuid")).isEqualTo("GPU-0000");
            assertThat(r.get("energy_source")).isEqualTo("prometheus");
        });
        return Files.readString(folder.dir().resolve(DevicesCsv.FILE_NAME));
    }
}
