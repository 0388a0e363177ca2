package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeterSelectorTest {

    @TempDir
    Path dir;

    private MeterSelector.Config noHardware() {
        return MeterSelector.Config.defaults().withNvmlLibrary("nvidia-ml-absent").withRaplRoot(dir.resolve("none"));
    }

    @Test
    void auto_prefers_nvml_when_it_loads() {
        FakeNvml.configure("gpus=2");
        MeterSelector.Selection s = MeterSelector.select("auto", MeterSelector.Config.defaults());
        try (EnergyMeter meter = s.meter()) {
            assertThat(meter.source()).isEqualTo("nvml");
            assertThat(s.reasons()).containsExactly("nvml: chosen");
        }
    }

    @Test
    void auto_falls_through_to_rapl_with_reasons() {
        new FakeRaplTree(dir.resolve("powercap")).domain("intel-rapl:0", "package-0", 1, 1_000_000);
        MeterSelector.Selection s = MeterSelector.select("auto", noHardware().withRaplRoot(dir.resolve("powercap")));
        try (EnergyMeter meter = s.meter()) {
            assertThat(meter.source()).isEqualTo("rapl");
            assertThat(s.reasons()).hasSize(3);
            assertThat(s.reasons().get(0)).startsWith("nvml: skipped: NVML not found");
            assertThat(s.reasons().get(1)).isEqualTo("dcgm: skipped: no exporter URL configured");
            assertThat(s.reasons().get(2)).isEqualTo("rapl: chosen");
        }
    }

    @Test
    void auto_ends_at_the_reference_engine_or_a_cpu_estimate() {
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 300)) {
            MeterSelector.Selection sim = MeterSelector.select("auto",
                    noHardware().withEngineUrls(List.of(engine.url())));
            try (EnergyMeter meter = sim.meter()) {
                assertThat(meter.kind()).isEqualTo(EnergyKind.SIMULATED);
                assertThat(sim.reasons().getLast()).isEqualTo("simulated: chosen as the engine's own figure");
                assertThat(sim.reasons().get(2)).startsWith("rapl: skipped: RAPL not available");
            }
        }
        MeterSelector.Selection cpu = MeterSelector.select("auto", noHardware());
        try (EnergyMeter meter = cpu.meter()) {
            assertThat(meter.kind()).isEqualTo(EnergyKind.ESTIMATED);
            assertThat(cpu.reasons().getLast()).isEqualTo("cpu-estimate: chosen as the engine's own figure");
        }
    }

    @Test
    void an_explicit_source_that_is_unavailable_says_why() {
        assertThatThrownBy(() -> MeterSelector.select("dcgm", noHardware()))
                .isInstanceOf(MeterException.class).hasMessage("dcgm needs a metrics URL (--url)");
        assertThatThrownBy(() -> MeterSelector.select("rapl", noHardware()))
                .isInstanceOf(MeterException.class).hasMessageStartingWith("RAPL not available");
        assertThatThrownBy(() -> MeterSelector.select("tea-leaves", noHardware()))
                .isInstanceOf(MeterException.class).hasMessageContaining("unknown energy source");
        assertThatThrownBy(() -> MeterSelector.select("dcgm", noHardware().withDcgm(
                List.of(URI.create("http://127.0.0.1:1/metrics")), DcgmEnergyMeter.Options.defaults())))
                .isInstanceOf(MeterException.class).hasMessageContaining("unreachable");
    }

    @Test
    void the_simulated_source_uses_the_engines_counter_period_and_gpu_selection() {
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 300, 200, 100);
             EnergyMeter meter = MeterSelector.select("simulated", noHardware().withEngineUrls(List.of(engine.url()))
                     .withEnginePeriod(Duration.ofMillis(250)).withGpus(List.of(1))).meter()) {
            assertThat(meter.counterUpdatePeriod()).contains(Duration.ofMillis(250));
            assertThat(meter.settings()).containsEntry("counter_update_period_ms", 250L);
            assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(1);
        }
    }

    @Test
    void auto_given_the_engines_url_as_an_exporter_chooses_simulated_not_a_cpu_estimate() {
        try (FakeDcgmEndpoint engine = FakeDcgmEndpoint.engine(Clock.system(), 300)) {
            List<URI> url = List.of(engine.url());
            MeterSelector.Selection s = MeterSelector.select("auto", noHardware()
                    .withDcgm(url, DcgmEnergyMeter.Options.defaults()).withEngineUrls(url));
            try (EnergyMeter meter = s.meter()) {
                assertThat(meter.source()).isEqualTo("simulated");
                assertThat(s.reasons().get(1)).startsWith("dcgm: skipped:").contains("use the simulated source");
                assertThat(s.reasons().getLast()).isEqualTo("simulated: chosen as the engine's own figure");
            }
        }
    }

    @Test
    void auto_with_nothing_to_read_says_so_instead_of_measuring_another_machine() {
        assertThatThrownBy(() -> MeterSelector.select("auto", noHardware().withCpu(
                new CpuTimeSource.Unavailable("the server runs on a Docker daemon that is not on this machine"),
                CpuEstimateMeter.Options.defaults())))
                .isInstanceOf(MeterException.class).hasMessageStartingWith("no energy source available: nvml: skipped")
                .hasMessageContaining("cpu-estimate: the server runs on a Docker daemon that is not on this machine");
    }

    @Test
    void the_host_meter_is_rapl_when_readable_else_the_cpu_estimate_with_reasons() {
        assertThat(MeterSelector.selectHost(HostEnergy.NONE, noHardware())).isNull();
        new FakeRaplTree(dir.resolve("powercap")).domain("intel-rapl:0", "package-0", 1, 1_000_000);
        MeterSelector.Selection rapl = MeterSelector.selectHost(HostEnergy.AUTO,
                noHardware().withRaplRoot(dir.resolve("powercap")));
        try (EnergyMeter meter = rapl.meter()) {
            assertThat(meter.source()).isEqualTo("rapl");
            assertThat(rapl.reasons()).containsExactly("rapl: chosen");
        }
        MeterSelector.Selection cpu = MeterSelector.selectHost(HostEnergy.AUTO, noHardware());
        try (EnergyMeter meter = cpu.meter()) {
            assertThat(meter.source()).isEqualTo("cpu-estimate");
            assertThat(cpu.reasons()).hasSize(2);
            assertThat(cpu.reasons().get(0)).startsWith("rapl: skipped: RAPL not available");
            assertThat(cpu.reasons().get(1)).isEqualTo("cpu-estimate: chosen");
        }
    }

    @Test
    void a_requested_host_source_that_is_unavailable_says_why() {
        assertThatThrownBy(() -> MeterSelector.selectHost(HostEnergy.RAPL, noHardware()))
                .isInstanceOf(MeterException.class).hasMessageContaining("RAPL not available");
        assertThatThrownBy(() -> MeterSelector.selectHost(HostEnergy.AUTO, noHardware().withCpu(
                new CpuTimeSource.Unavailable("the server runs elsewhere"), CpuEstimateMeter.Options.defaults())))
                .isInstanceOf(MeterException.class).hasMessageStartingWith("no host energy source available: rapl:")
                .hasMessageContaining("cpu-estimate: skipped: the server runs elsewhere");
    }
}
