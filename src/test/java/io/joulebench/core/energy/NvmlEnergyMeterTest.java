package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class NvmlEnergyMeterTest extends EnergyMeterContract {

    @Override
    protected EnergyMeter createMeter() {
        FakeNvml.configure("gpus=3;update_ms=20");
        return NvmlEnergyMeter.open(List.of());
    }

    @Test
    void several_gpus_report_names_uuids_instant_power_and_temperature() {
        FakeNvml.configure("gpus=3;power_w=100,200,300;avg_power_w=90,190,290;temp_c=61");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(0, 1, 2);
            assertThat(meter.devices()).allMatch(d -> d.name().equals("Fake H100 80GB HBM3"));
            assertThat(meter.devices()).extracting(DeviceInfo::uuid).doesNotHaveDuplicates()
                    .allMatch(u -> u.startsWith("GPU-"));
            assertThat(meter.read().devices()).extracting(DeviceReading::powerW).containsExactly(100.0, 200.0, 300.0);
            assertThat(meter.read().devices()).allMatch(r -> r.temperatureC() == 61.0 && !r.throttled());
            assertThat(meter.method()).isEqualTo(EnergyMethod.COUNTER);
            assertThat(meter.counterUpdatePeriod()).contains(Duration.ofMillis(100));
            assertThat(meter.kind()).isEqualTo(EnergyKind.MEASURED);
        }
    }

    @Test
    void without_instant_power_the_meter_reads_power_usage() {
        FakeNvml.configure("gpus=2;power_w=100,200;avg_power_w=90,190;noinstant=1");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            assertThat(meter.read().devices()).extracting(DeviceReading::powerW).containsExactly(90.0, 190.0);
        }
    }

    @Test
    void a_selection_opens_only_the_selected_gpus_in_order() {
        FakeNvml.configure("gpus=4");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of(3, 1))) {
            assertThat(meter.devices()).extracting(DeviceInfo::index).containsExactly(3, 1);
            assertThat(meter.read().devices()).extracting(DeviceReading::powerW).containsExactly(400.0, 200.0);
        }
    }

    @Test
    void the_counter_advances_by_power_times_time() throws InterruptedException {
        FakeNvml.configure("gpus=2;power_w=250,50;update_ms=0");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            // the fake counts on CLOCK_MONOTONIC, System.nanoTime's clock: bracketing each read between two readings
            // of it bounds the true interval, so the check holds however late the reads run on a loaded machine
            long beforeA = System.nanoTime();
            MeterReading a = meter.read();
            long afterA = System.nanoTime();
            Thread.sleep(200); // lets energy accumulate; nothing is awaited
            long beforeB = System.nanoTime();
            MeterReading b = meter.read();
            long afterB = System.nanoTime();
            double shortest = (beforeB - afterA) / 1e9;
            double longest = (afterB - beforeA) / 1e9;
            for (int d = 0; d < 2; d++) {
                double delta = b.devices().get(d).energyJ() - a.devices().get(d).energyJ();
                double watts = d == 0 ? 250 : 50;
                double quantum = 0.002; // the counter's millijoule, once per read
                assertThat(delta).as("GPU %d", d).isBetween(watts * shortest - quantum, watts * longest + quantum);
            }
        }
    }

    @Test
    void a_gpu_without_the_counter_makes_the_meter_integrate_power_and_say_so() {
        FakeNvml.configure("gpus=2;nocounter=1");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            assertThat(meter.hasEnergyCounter()).isFalse();
            assertThat(meter.method()).isEqualTo(EnergyMethod.INTEGRATED_POWER);
            assertThat(meter.counterUpdatePeriod()).isEmpty();
            assertThat(meter.warnings()).singleElement().asString()
                    .contains("GPU 1", "no energy counter", "Not Supported", "integrated from polled power");
            assertThat(meter.read().devices()).allMatch(r -> r.energyJ() == null && r.powerW() > 0);
        }
        FakeNvml.configure("gpus=2;nocounter=1");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of(0))) {
            assertThat(meter.hasEnergyCounter()).as("GPU 0 alone has its counter").isTrue();
        }
    }

    @Test
    void an_old_driver_without_the_counter_symbol_falls_back_instead_of_crashing() {
        FakeNvml.assumeBuilt();
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(FakeNvml.oldDriverLibrary(), List.of(), Clock.system())) {
            assertThat(meter.hasEnergyCounter()).isFalse();
            assertThat(meter.warnings()).first().asString().contains("driver too old");
            assertThat(meter.read().devices()).extracting(DeviceReading::powerW).containsExactly(100.0, 200.0);
            assertThat(meter.read().devices()).allMatch(r -> r.throttled() != null);
        }
    }

    @Test
    void thermal_clock_event_reasons_mark_a_gpu_throttled() {
        FakeNvml.configure("gpus=2;throttle=1");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            assertThat(meter.read().devices()).extracting(DeviceReading::throttled).containsExactly(false, true);
        }
    }

    @Test
    void memory_sm_clock_reasons_and_instant_power_are_read_per_gpu() {
        FakeNvml.configure("gpus=2;power_w=100,200;mem_mib=20480;sm_mhz=1410;reasons=0x4;throttle=1");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            List<DeviceTelemetry> t = meter.read().devices().stream().map(DeviceReading::telemetry).toList();
            assertThat(t).extracting(DeviceTelemetry::memoryUsedMib).containsExactly(20480.0, 20480.0);
            assertThat(t).extracting(DeviceTelemetry::smClockMhz).containsExactly(1410, 1410);
            assertThat(t).extracting(DeviceTelemetry::throttleReasons)
                    .containsExactly("sw_power_cap", "sw_power_cap;hw_thermal_slowdown");
            assertThat(t).extracting(DeviceTelemetry::powerInstantW).containsExactly(100.0, 200.0);
            assertThat(meter.read().devices()).extracting(DeviceReading::throttled).containsExactly(false, true);
        }
        FakeNvml.configure("gpus=1;noinstant=1");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of())) {
            DeviceReading r = meter.read().devices().getFirst();
            assertThat(r.powerW()).as("averaged power still measured").isEqualTo(100.0);
            assertThat(r.telemetry().powerInstantW()).as("but not from the instant field").isNull();
            assertThat(r.telemetry().throttleReasons()).isEqualTo("none");
        }
    }

    @Test
    void an_old_driver_without_memory_clock_or_event_reason_calls_gives_nulls_and_still_measures() {
        FakeNvml.assumeBuilt();
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(FakeNvml.oldDriverLibrary(), List.of(), Clock.system())) {
            DeviceReading r = meter.read().devices().getFirst();
            assertThat(r.powerW()).isEqualTo(100.0);
            assertThat(r.telemetry().memoryUsedMib()).isNull();
            assertThat(r.telemetry().smClockMhz()).isNull();
            assertThat(r.telemetry().powerInstantW()).isNull();
            assertThat(r.telemetry().throttleReasons()).as("from the older throttle-reasons call").isEqualTo("none");
            assertThat(meter.settings()).containsEntry("throttle_reasons_field",
                    "nvmlDeviceGetCurrentClocksThrottleReasons");
        }
    }

    @Test
    void init_failure_is_a_clear_error() {
        FakeNvml.configure("initfail=1");
        assertThatThrownBy(() -> NvmlEnergyMeter.open(List.of())).isInstanceOf(MeterException.class)
                .hasMessageStartingWith("NVML init failed: Driver Not Loaded");
    }

    @Test
    void a_bad_index_is_a_clear_error_and_nvml_is_shut_down() {
        FakeNvml.configure("gpus=2");
        int before = FakeNvml.initCount();
        assertThatThrownBy(() -> NvmlEnergyMeter.open(List.of(0, 7))).isInstanceOf(MeterException.class)
                .hasMessage("GPU index 7 not found: NVML sees 2 GPU(s), indices 0..1");
        assertThat(FakeNvml.initCount()).isEqualTo(before);
    }

    @Test
    void close_shuts_nvml_down_once() {
        FakeNvml.configure("gpus=1");
        int before = FakeNvml.initCount();
        NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of());
        assertThat(FakeNvml.initCount()).isEqualTo(before + 1);
        meter.close();
        meter.close();
        assertThat(FakeNvml.initCount()).isEqualTo(before);
    }

    @Test
    void settings_record_the_nvml_fields_and_the_gpus_behind_the_figures() {
        FakeNvml.configure("gpus=2;noinstant=1;limit_w=350");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of(1))) {
            java.util.Map<String, Object> s = meter.settings();
            assertThat(s).containsEntry("energy_field", "total_energy_counter")
                    .containsEntry("power_fields", List.of("power_usage_averaged"))
                    .containsEntry("driver_version", "550.54.15-fake")
                    .containsEntry("architectures", List.of("Hopper"))
                    .containsEntry("power_limits_w", List.of(350.0))
                    .containsEntry("sm_clock_max_mhz", List.of(1980));
        }
        FakeNvml.assumeBuilt();
        try (NvmlEnergyMeter old = NvmlEnergyMeter.open(FakeNvml.oldDriverLibrary(), List.of(), Clock.system())) {
            assertThat(old.settings()).containsEntry("energy_field", "power_integral")
                    .containsEntry("power_fields", List.of("power_usage_averaged", "power_usage_averaged"))
                    .containsEntry("architectures", java.util.Arrays.asList("unknown", "unknown"));
        }
    }

    @Test
    void a_missing_library_says_there_is_no_nvidia_driver() {
        assertThatThrownBy(() -> NvmlEnergyMeter.open("nvidia-ml-absent", List.of(), Clock.system()))
                .isInstanceOf(MeterException.class)
                .hasMessageStartingWith("NVML not found: no NVIDIA driver on this machine");
    }

    @Test
    void a_bracket_on_nvml_sums_the_gpu_counters() {
        FakeNvml.configure("gpus=3;power_w=100,200,300;update_ms=100");
        try (NvmlEnergyMeter meter = NvmlEnergyMeter.open(List.of());
             SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, Clock.system())) {
            bracket.open();
            BracketResult r = awaitFinish(bracket, 600);
            double expected = 600 * r.durationSeconds();
            assertThat(r.method()).isEqualTo(EnergyMethod.COUNTER);
            assertThat(r.energyJ()).isCloseTo(expected, within(expected * 0.03));
            assertThat(r.crossCheckRelDiff()).isNotNull();
        }
    }

    private static BracketResult awaitFinish(SampledMeasurementBracket bracket, long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return bracket.finish();
    }
}
