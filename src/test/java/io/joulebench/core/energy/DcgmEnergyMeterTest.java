package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DcgmEnergyMeterTest extends EnergyMeterContract {

    private static final DcgmEnergyMeter.Options FAST =
            new DcgmEnergyMeter.Options(Duration.ofMillis(100), Duration.ofSeconds(2));
    private final List<FakeDcgmEndpoint> endpoints = new ArrayList<>();

    private FakeDcgmEndpoint endpoint(ModelGpuMeter model, Clock clock, boolean truth) {
        FakeDcgmEndpoint e = FakeDcgmEndpoint.of(model, clock, truth);
        endpoints.add(e);
        return e;
    }

    @AfterEach
    void stopEndpoints() {
        endpoints.forEach(FakeDcgmEndpoint::close);
    }

    @Override
    protected EnergyMeter createMeter() {
        ModelGpuMeter model = new ModelGpuMeter(Clock.system(), new double[] {300, 200}, 50, 3,
                Duration.ofMillis(100), Duration.ZERO, true);
        return DcgmEnergyMeter.open(List.of(endpoint(model, Clock.system(), false).url()), Clock.system(), FAST);
    }

    @Test
    void reads_energy_power_temperature_and_labels() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        ModelGpuMeter model = ModelGpuMeter.constant(clock, 300, 200);
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(endpoint(model, clock, false).url()), clock,
                FAST)) {
            assertThat(meter.devices()).extracting(DeviceInfo::name)
                    .containsExactly("Simulated H100 0", "Simulated H100 1");
            assertThat(meter.devices()).extracting(DeviceInfo::uuid).containsExactly("GPU-5e0a0000", "GPU-5e0a0001");
            MeterReading r = meter.read();
            assertThat(r.devices()).extracting(DeviceReading::powerW).containsExactly(300.0, 200.0);
            assertThat(r.devices().getFirst().energyJ()).isCloseTo(300 * 100, within(0.01));
            assertThat(r.devices()).allMatch(d -> d.temperatureC() == 61.0 && !d.throttled());
            assertThat(meter.kind()).isEqualTo(EnergyKind.MEASURED);
            assertThat(meter.counterUpdatePeriod()).contains(Duration.ofMillis(100));
        }
    }

    @Test
    void nodes_are_summed_by_a_bracket() throws InterruptedException {
        VirtualClock clock = VirtualClock.atSeconds(100);
        URI a = endpoint(ModelGpuMeter.constant(clock, 300, 200), clock, false).url();
        URI b = endpoint(ModelGpuMeter.constant(clock, 100), clock, false).url();
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(a, b), clock, FAST)) {
            assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(0, 1, 2);
            assertThat(meter.devices().get(2).name()).endsWith("@" + b.getAuthority());
            BracketResult r = SampledMeasurementBracketTest.run(meter, clock, 10,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
            assertThat(r.energyJ()).isCloseTo(6000, within(6000 * 0.001));
            assertThat(r.deviceEnergyJ().get(2)).isCloseTo(1000, within(1.0));
        }
    }

    @Test
    void thermal_reasons_mark_throttling_and_power_capping_does_not() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        ModelGpuMeter model = ModelGpuMeter.constant(clock, 300);
        FakeDcgmEndpoint e = endpoint(model, clock, false);
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(e.url()), clock, FAST)) {
            e.body(() -> FakeDcgmEndpoint.metrics(model, clock.nanoTime(), false, 0x40));
            assertThat(meter.read().devices().getFirst().throttled()).isTrue();
            e.body(() -> FakeDcgmEndpoint.metrics(model, clock.nanoTime(), false, 0x04));
            assertThat(meter.read().devices().getFirst().throttled()).isFalse();
        }
    }

    @Test
    void framebuffer_sm_clock_instant_power_and_reasons_are_read_where_the_exporter_publishes_them() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        ModelGpuMeter model = ModelGpuMeter.constant(clock, 300);
        FakeDcgmEndpoint e = endpoint(model, clock, false);
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(e.url()), clock, FAST)) {
            DeviceTelemetry before = meter.read().devices().getFirst().telemetry();
            assertThat(before.memoryUsedMib()).as("not published: null").isNull();
            assertThat(before.smClockMhz()).isNull();
            assertThat(before.throttleReasons()).isEqualTo("none");
            String labels = "{gpu=\"0\",UUID=\"GPU-5e0a0000\",modelName=\"Simulated H100\"}";
            e.body(() -> FakeDcgmEndpoint.metrics(model, clock.nanoTime(), false, 0x44)
                    + "DCGM_FI_DEV_FB_USED" + labels + " 40960\n"
                    + "DCGM_FI_DEV_SM_CLOCK" + labels + " 1755\n"
                    + "DCGM_FI_DEV_POWER_USAGE_INSTANT" + labels + " 312.5\n");
            DeviceReading r = meter.read().devices().getFirst();
            assertThat(r.powerW()).as("the instant field, as NVML's").isEqualTo(312.5);
            DeviceTelemetry t = r.telemetry();
            assertThat(t.memoryUsedMib()).isEqualTo(40960.0);
            assertThat(t.smClockMhz()).isEqualTo(1755);
            assertThat(t.powerInstantW()).isEqualTo(312.5);
            assertThat(t.throttleReasons()).isEqualTo("sw_power_cap;hw_thermal_slowdown");
        }
    }

    @Test
    void values_that_stop_changing_are_flagged_stale() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        ModelGpuMeter model = ModelGpuMeter.constant(clock, 300);
        FakeDcgmEndpoint e = endpoint(model, clock, false);
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(e.url()), clock, FAST)) {
            meter.read();
            String frozen = FakeDcgmEndpoint.metrics(model, clock.nanoTime(), false, 0);
            e.body(() -> frozen);
            for (int i = 0; i < 2; i++) {
                clock.advance(Duration.ofMillis(100));
                meter.read();
            }
            assertThat(meter.warnings()).as("two intervals unchanged is not yet stale").isEmpty();
            clock.advance(Duration.ofMillis(150));
            meter.read();
            assertThat(meter.warnings()).singleElement().asString().startsWith("stale DCGM values: GPU 0")
                    .contains("exporter");
        }
    }

    @Test
    void without_the_energy_metric_the_meter_integrates_power() {
        Clock clock = Clock.system();
        FakeDcgmEndpoint e = new FakeDcgmEndpoint(() -> "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",UUID=\"GPU-x\"} 250\n");
        endpoints.add(e);
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(e.url()), clock, FAST)) {
            assertThat(meter.method()).isEqualTo(EnergyMethod.INTEGRATED_POWER);
            assertThat(meter.counterUpdatePeriod()).isEmpty();
            assertThat(meter.read().devices().getFirst().powerW()).isEqualTo(250.0);
        }
    }

    @Test
    void the_reference_engine_is_refused_as_measured_dcgm() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        URI url = endpoint(ModelGpuMeter.constant(clock, 300), clock, true).url();
        assertThatThrownBy(() -> DcgmEnergyMeter.open(List.of(url), clock, FAST))
                .isInstanceOf(MeterException.class).hasMessageContaining("use the simulated source");
    }

    @Test
    void an_unreachable_or_empty_endpoint_is_a_clear_error() {
        FakeDcgmEndpoint e = new FakeDcgmEndpoint(() -> "vllm:num_requests_running 1\n");
        endpoints.add(e);
        assertThatThrownBy(() -> DcgmEnergyMeter.open(List.of(e.url()), Clock.system(), FAST))
                .isInstanceOf(MeterException.class).hasMessageStartingWith("no DCGM GPU metrics");
        URI closed = URI.create("http://127.0.0.1:1/metrics");
        assertThatThrownBy(() -> DcgmEnergyMeter.open(List.of(closed), Clock.system(), FAST))
                .isInstanceOf(MeterException.class).hasMessageContaining("unreachable");
    }

    /** An exporter collecting every 10 s: its counter ticks once per 10 s, 0.3 s before each of the bracket's edges. */
    private BracketResult bracketOnSlowExporter(VirtualClock clock, Duration configuredInterval) throws Exception {
        ModelGpuMeter model = new ModelGpuMeter(clock, new double[] {100}, 0, 1, Duration.ofSeconds(10),
                Duration.ZERO, true);
        URI url = endpoint(model, clock, false).url();
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(url), clock,
                new DcgmEnergyMeter.Options(configuredInterval, Duration.ofSeconds(2)))) {
            SampledMeasurementBracket b = new SampledMeasurementBracket(meter, clock,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
            b.open();
            clock.sleepUntil(b.openedAtNanos() + 20_000_000_000L);
            return b.finish();
        }
    }

    @Test
    void a_long_exporter_interval_gets_a_closing_grace_of_its_own_length() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(100.3);
        BracketResult r = bracketOnSlowExporter(clock, Duration.ofSeconds(10));

        assertThat(r.energyJ()).as("both edges waited ~9.7 s for the next collection").isCloseTo(2000,
                within(2000 * 0.01));
        assertThat(r.warnings()).isEmpty();
        assertThat(clock.nanoTime() - r.endNanos()).isGreaterThan(9_000_000_000L);
    }

    @Test
    void configured_shorter_than_the_exporter_the_edges_give_up_and_say_so() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(100.3);
        BracketResult r = bracketOnSlowExporter(clock, Duration.ofSeconds(1));

        assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("did not tick", "closing edge"));
    }

    @Test
    void staleness_is_judged_against_the_configured_exporter_interval() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        ModelGpuMeter model = ModelGpuMeter.constant(clock, 300);
        FakeDcgmEndpoint e = endpoint(model, clock, false);
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(e.url()), clock, DcgmEnergyMeter.Options.defaults())) {
            meter.read();
            String frozen = FakeDcgmEndpoint.metrics(model, clock.nanoTime(), false, 0);
            e.body(() -> frozen);
            clock.advance(Duration.ofSeconds(45));
            meter.read();
            assertThat(meter.warnings()).as("45 s unchanged is normal for a 30 s exporter").isEmpty();
            clock.advance(Duration.ofSeconds(20));
            meter.read();
            assertThat(meter.warnings()).singleElement().asString().contains("30000 ms");
        }
    }

    @Test
    void a_gpu_selection_keeps_the_gpus_with_those_labels_under_their_own_indices() {
        VirtualClock clock = VirtualClock.atSeconds(100);
        URI url = endpoint(ModelGpuMeter.constant(clock, 100, 200, 300), clock, false).url();
        try (DcgmEnergyMeter meter = DcgmEnergyMeter.open(List.of(url), clock, FAST, List.of(2, 0))) {
            assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(0, 2);
            assertThat(meter.read().devices()).extracting(DeviceReading::powerW).containsExactly(100.0, 300.0);
            assertThat(meter.settings()).containsEntry("gpu_indices", List.of(2, 0))
                    .containsEntry("exporter_interval_ms", 100L);
        }
        assertThatThrownBy(() -> DcgmEnergyMeter.open(List.of(url), clock, FAST, List.of(5)))
                .isInstanceOf(MeterException.class).hasMessageContaining("GPU 5 not found");
    }
}
