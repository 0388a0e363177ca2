package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.nio.file.Path;
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
}
