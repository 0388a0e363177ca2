package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.CpuEstimateMeter;
import io.joulebench.core.energy.CpuTimeSource;
import io.joulebench.core.energy.DomainBracket;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.FakeNvml;
import io.joulebench.core.energy.FakeRaplTree;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.energy.NvmlEnergyMeter;
import io.joulebench.core.energy.RaplEnergyMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: the fake NVML library (GPUs drawing known constant power on the monotonic clock) and a fake RAPL tree
 * (whose counter the test moves by a known amount) measured together in one window through the real brackets, and
 * every domain column and result.json's {@code energy_domains} checked against the known energies.
 */
class EnergyDomainsTest {

    private static final double GPU_W = 250 + 50;
    /** What the test adds to the RAPL package counter during a window: 12.345678 J. */
    private static final long HOST_UJ = 12_345_678;

    @TempDir
    Path tmp;

    private final Clock clock = Clock.system();

    private FakeRaplTree rapl() {
        return new FakeRaplTree(tmp.resolve("powercap")).domain("intel-rapl:0", "package-0", 5_000_000,
                262_143_328_850L);
    }

    private NvmlEnergyMeter nvml() {
        FakeNvml.configure("gpus=2;power_w=250,50;update_ms=0");
        return NvmlEnergyMeter.open(List.of());
    }

    private DomainBracket bracket(EnergyMeter gpu, EnergyMeter host, HeadlineDomain headline) {
        return bracket(gpu, host, headline, SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
    }

    private DomainBracket bracket(EnergyMeter gpu, EnergyMeter host, HeadlineDomain headline,
                                  SampledMeasurementBracket.Options o) {
        return new DomainBracket(new SampledMeasurementBracket(gpu, clock, o),
                host == null ? null : new SampledMeasurementBracket(host, clock, o), headline);
    }

    private Map<String, Object> row(BracketResult r) {
        ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "s.yaml", "serving_mode: server\n"
                + "server: {traffic: {rate: 2}}\n")).cells().get(0);
        WindowRecord w = window(r);
        LevelResult level = new LevelResult(cell, "s1", 0, null, List.of(w), null, FakeSessionRunner.energy(), null,
                false);
        return new WindowRowMapper("s", "1").map(level, w, "id");
    }

    private JsonNode json(BracketResult r) {
        ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "s.yaml", "serving_mode: server\n"
                + "server: {traffic: {rate: 2}}\n")).cells().get(0);
        WindowRecord w = window(r);
        LevelResult level = new LevelResult(cell, "s1", 0, null, List.of(w), null,
                FakeSessionRunner.energy().withHostReasons(List.of("rapl: requested")), null, false);
        return WindowResultJson.of(new WindowRowMapper("s", "1").facts(level, w, "id"),
                FakeSessionRunner.block("s1", 1, 1), false, Redactor.learning());
    }

    private static WindowRecord window(BracketResult r) {
        return new WindowRecord(0, 0, r.startNanos(), r.endNanos(), r, 1000, null, null, null, false);
    }

    /** The GPUs' energy lies between their power times the shortest and the longest possible span. */
    private static void assertGpuEnergy(double energyJ, long openBefore, long openAfter, long finishBefore,
                                        long finishAfter) {
        double quantum = 0.004; // the fake counter's millijoule, once per device and edge
        assertThat(energyJ).isBetween(GPU_W * (finishBefore - openAfter) / 1e9 - quantum,
                GPU_W * (finishAfter - openBefore) / 1e9 + quantum);
    }

    @Test
    void nvml_and_rapl_in_one_window_fill_each_domain_with_its_own_figure_and_labels() throws Exception {
        FakeRaplTree tree = rapl();
        try (NvmlEnergyMeter gpu = nvml(); RaplEnergyMeter host = RaplEnergyMeter.open(tree.root())) {
            DomainBracket bracket = bracket(gpu, host, HeadlineDomain.GPU);
            long openBefore = System.nanoTime();
            bracket.open();
            long openAfter = System.nanoTime();
            Thread.sleep(150); // lets the GPUs' energy accumulate; nothing is awaited
            tree.energy("intel-rapl:0", tree.energy("intel-rapl:0") + HOST_UJ);
            long finishBefore = System.nanoTime();
            BracketResult r = bracket.finish();
            long finishAfter = System.nanoTime();

            double gpuJ = r.domain(EnergyDomain.GPU).energyJ();
            assertGpuEnergy(gpuJ, openBefore, openAfter, finishBefore, finishAfter);
            Map<String, Object> row = row(r);
            assertThat((Double) row.get("energy_j")).isEqualTo(gpuJ);
            assertThat(row).containsEntry("energy_source", "nvml").containsEntry("energy_kind", "measured")
                    .containsEntry("energy_method", "counter").containsEntry("headline_domain", "gpu")
                    .containsEntry("host_energy_kind", "measured").containsEntry("host_energy_method", "counter")
                    .containsEntry("host_energy_source", "rapl").containsEntry("node_energy_domains", "gpu+host");
            assertThat((Double) row.get("host_energy_j")).isCloseTo(HOST_UJ / 1e6, within(1e-9));
            assertThat((Double) row.get("node_energy_j")).isCloseTo(gpuJ + HOST_UJ / 1e6, within(1e-9));
            assertThat((Double) row.get("j_per_token")).isEqualTo(gpuJ / 1000);

            JsonNode d = json(r).path("energy_domains");
            assertThat(d.path("gpu").path("energy_j").asDouble()).isEqualTo(gpuJ);
            assertThat(d.path("gpu").path("source").asText()).isEqualTo("nvml");
            assertThat(d.path("gpu").path("devices")).hasSize(2);
            assertThat(d.path("host").path("energy_j").asDouble()).isCloseTo(HOST_UJ / 1e6, within(1e-9));
            assertThat(d.path("host").path("kind").asText()).isEqualTo("measured");
            assertThat(d.path("host").path("method").asText()).isEqualTo("counter");
            assertThat(d.path("host").path("devices").get(0).path("name").asText()).isEqualTo("package-0");
            assertThat(d.path("host").path("reasons").get(0).asText()).isEqualTo("rapl: requested");
            assertThat(d.path("node").path("energy_j").asDouble()).isCloseTo(gpuJ + HOST_UJ / 1e6, within(1e-9));
            assertThat(d.path("node").path("includes")).extracting(JsonNode::asText).containsExactly("gpu", "host");
            assertThat(d.path("node").path("kind").asText()).isEqualTo("measured");
            assertThat(d.path("headline").asText()).isEqualTo("gpu");
        }
    }

    @Test
    void contiguous_windows_tile_both_counters() throws Exception {
        FakeRaplTree tree = rapl();
        try (NvmlEnergyMeter gpu = nvml(); RaplEnergyMeter host = RaplEnergyMeter.open(tree.root())) {
            DomainBracket first = bracket(gpu, host, HeadlineDomain.GPU);
            DomainBracket second = bracket(gpu, host, HeadlineDomain.GPU);
            long openBefore = System.nanoTime();
            first.open();
            long openAfter = System.nanoTime();
            Thread.sleep(50);
            tree.energy("intel-rapl:0", tree.energy("intel-rapl:0") + HOST_UJ);
            MeasurementBracket.Handover handover = first.finishInto(second);
            assertThat(handover.nextOpened()).isTrue();
            Thread.sleep(50);
            tree.energy("intel-rapl:0", tree.energy("intel-rapl:0") + 2 * HOST_UJ);
            long finishBefore = System.nanoTime();
            BracketResult b = second.finish();
            long finishAfter = System.nanoTime();
            BracketResult a = handover.result();

            assertThat(a.domain(EnergyDomain.HOST).energyJ()).isCloseTo(HOST_UJ / 1e6, within(1e-9));
            assertThat(b.domain(EnergyDomain.HOST).energyJ()).isCloseTo(2 * HOST_UJ / 1e6, within(1e-9));
            // the GPU counter is shared at the handed-over edge: the two windows sum to the whole span
            assertThat(a.endNanos()).isEqualTo(b.startNanos());
            assertGpuEnergy(a.energyJ() + b.energyJ(), openBefore, openAfter, finishBefore, finishAfter);
            assertThat(a.domain(EnergyDomain.HOST).endNanos()).isEqualTo(b.domain(EnergyDomain.HOST).startNanos());
        }
    }

    @Test
    void a_node_headline_that_includes_a_cpu_estimate_is_labelled_estimated() throws Exception {
        CpuTimeSource self = new CpuTimeSource.ProcessTree(ProcessHandle.current().pid());
        try (NvmlEnergyMeter gpu = nvml();
             // idle watts > 0: every sample has power, however little CPU the test uses
             CpuEstimateMeter host = CpuEstimateMeter.open(self, clock,
                     CpuEstimateMeter.Options.defaults().withWatts(10, 5))) {
            // the estimate integrates power between CPU-time reads: the sampler gives it enough of them
            DomainBracket bracket = bracket(gpu, host, HeadlineDomain.NODE,
                    SampledMeasurementBracket.Options.defaults().withSampleInterval(Duration.ofMillis(10)));
            bracket.open();
            Thread.sleep(200);
            BracketResult r = bracket.finish();

            Map<String, Object> row = row(r);
            double gpuJ = r.domain(EnergyDomain.GPU).energyJ();
            double hostJ = r.domain(EnergyDomain.HOST).energyJ();
            assertThat(row).containsEntry("headline_domain", "node").containsEntry("energy_kind", "estimated")
                    .containsEntry("host_energy_kind", "estimated").containsEntry("host_energy_source", "cpu-estimate")
                    .containsEntry("energy_source", "nvml+cpu-estimate");
            assertThat((Double) row.get("energy_j")).isCloseTo(gpuJ + hostJ, within(1e-9));
            assertThat((Double) row.get("node_energy_j")).isCloseTo(gpuJ + hostJ, within(1e-9));
            // the baseline is the session meter's idle power: it does not apply to a node figure
            assertThat(row.get("energy_adjusted_j")).isNull();
            assertThat(json(r).path("energy_domains").path("node").path("kind").asText()).isEqualTo("estimated");
        }
    }

    @Test
    void without_a_host_meter_the_window_is_the_primarys_alone() throws Exception {
        try (NvmlEnergyMeter gpu = nvml()) {
            DomainBracket bracket = bracket(gpu, null, HeadlineDomain.GPU);
            bracket.open();
            BracketResult r = bracket.finish();

            assertThat(r.domains()).isEmpty();
            Map<String, Object> row = row(r);
            for (String empty : List.of("host_energy_j", "host_energy_kind", "host_energy_method",
                    "host_energy_source", "node_energy_j", "node_energy_domains")) {
                assertThat(row.get(empty)).as(empty).isNull();
            }
            assertThat(row).containsEntry("headline_domain", "gpu");
            assertThat(json(r).path("energy_domains").has("host")).isFalse();
            assertThat(json(r).path("energy_domains").path("gpu").path("source").asText()).isEqualTo("nvml");
        }
    }
}
