package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@link DomainBracket} over the fake NVML library and a fake RAPL tree: the headline choice and a host failure. */
class DomainBracketTest {

    @TempDir
    Path dir;

    private final Clock clock = Clock.system();
    private final SampledMeasurementBracket.Options options =
            SampledMeasurementBracket.Options.defaults().withoutSamplerThread();

    private FakeRaplTree tree() {
        return new FakeRaplTree(dir).domain("intel-rapl:0", "package-0", 1_000_000, 262_143_328_850L);
    }

    private DomainBracket bracket(EnergyMeter gpu, EnergyMeter host, HeadlineDomain headline) {
        return new DomainBracket(new SampledMeasurementBracket(gpu, clock, options),
                new SampledMeasurementBracket(host, clock, options), headline);
    }

    private static NvmlEnergyMeter nvml() {
        FakeNvml.configure("gpus=1;power_w=200;update_ms=0");
        return NvmlEnergyMeter.open(List.of());
    }

    @Test
    void a_host_headline_makes_the_host_figure_and_its_labels_the_windows_own() {
        FakeRaplTree t = tree();
        try (NvmlEnergyMeter gpu = nvml(); RaplEnergyMeter host = RaplEnergyMeter.open(dir)) {
            DomainBracket b = bracket(gpu, host, HeadlineDomain.HOST);
            b.open();
            t.energy("intel-rapl:0", 4_000_000);
            BracketResult r = b.finish();

            assertThat(r.energyJ()).isCloseTo(3.0, within(1e-9));
            assertThat(r.source()).isEqualTo("rapl");
            assertThat(r.kind()).isEqualTo(EnergyKind.MEASURED);
            assertThat(r.headlineDomain()).isEqualTo("host");
            assertThat(r.domain(EnergyDomain.GPU).source()).isEqualTo("nvml");
            assertThat(r.domain(EnergyDomain.GPU).energyJ()).isPositive();
            assertThat(r.nodeEnergyJ()).isCloseTo(3.0 + r.domain(EnergyDomain.GPU).energyJ(), within(1e-9));
            // the timeseries stays the primary meter's
            assertThat(r.samples()).allSatisfy(s -> assertThat(s.device()).isZero());
            assertThat(r.samples()).isEqualTo(r.domain(EnergyDomain.GPU).samples());
        }
    }

    @Test
    void a_host_meter_that_fails_leaves_the_gpu_figure_standing_and_says_why() throws IOException {
        tree();
        try (NvmlEnergyMeter gpu = nvml(); RaplEnergyMeter host = RaplEnergyMeter.open(dir)) {
            DomainBracket b = bracket(gpu, host, HeadlineDomain.GPU);
            b.open();
            Files.delete(dir.resolve("intel-rapl:0").resolve("energy_uj"));
            BracketResult r = b.finish();

            assertThat(r.source()).isEqualTo("nvml");
            assertThat(r.energyJ()).isPositive();
            assertThat(r.domain(EnergyDomain.HOST)).isNull();
            assertThat(r.nodeEnergyJ()).isNull();
            assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("host meter failed at the closing edge")
                    .contains("energy_uj is missing"));
        }
    }

    @Test
    void a_node_headline_without_a_host_figure_has_no_energy_rather_than_the_gpus() throws IOException {
        tree();
        try (NvmlEnergyMeter gpu = nvml(); RaplEnergyMeter host = RaplEnergyMeter.open(dir)) {
            DomainBracket b = bracket(gpu, host, HeadlineDomain.NODE);
            b.open();
            Files.delete(dir.resolve("intel-rapl:0").resolve("energy_uj"));
            BracketResult r = b.finish();

            assertThat(r.energyJ()).isNull();
            assertThat(r.headlineDomain()).isEqualTo("node");
            assertThat(r.domain(EnergyDomain.GPU).energyJ()).isPositive();
        }
    }

    @Test
    void the_domain_of_a_source() {
        assertThat(List.of("nvml", "dcgm", "simulated")).allSatisfy(s ->
                assertThat(EnergyDomain.of(s)).isEqualTo(EnergyDomain.GPU));
        assertThat(List.of("rapl", "cpu-estimate")).allSatisfy(s ->
                assertThat(EnergyDomain.of(s)).isEqualTo(EnergyDomain.HOST));
        assertThat(EnergyKind.MEASURED.weakerOf(EnergyKind.ESTIMATED)).isEqualTo(EnergyKind.ESTIMATED);
        assertThat(EnergyKind.SIMULATED.weakerOf(EnergyKind.ESTIMATED)).isEqualTo(EnergyKind.SIMULATED);
    }
}
