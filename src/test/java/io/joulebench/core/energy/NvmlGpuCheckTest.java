package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.energy.NvmlGpuCheck.Device;
import io.joulebench.core.energy.NvmlGpuCheck.Finding;
import io.joulebench.core.energy.NvmlGpuCheck.Report;
import io.joulebench.core.energy.NvmlGpuCheck.Verdict;
import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real-GPU check against the fake libnvidia-ml (known powers, period, limit) and its plausibility rules. */
class NvmlGpuCheckTest {

    private static Report check(String spec) throws InterruptedException {
        FakeNvml.configure(spec);
        return NvmlGpuCheck.run(NvmlEnergyMeter.DEFAULT_LIBRARY, List.of(), Duration.ofMillis(600),
                Duration.ofSeconds(1), Clock.system());
    }

    @Test
    void reads_what_the_driver_has_and_finds_it_plausible() throws InterruptedException {
        Report r = check("gpus=2;power_w=150,300;avg_power_w=140,290;update_ms=50;limit_w=400");
        assertThat(r.driverVersion()).isEqualTo("550.54.15-fake");
        assertThat(r.devices()).hasSize(2);
        Device d = r.devices().get(1);
        assertThat(d.info().index()).isEqualTo(1);
        assertThat(d.architecture()).isEqualTo("Hopper");
        assertThat(d.powerLimitW()).isEqualTo(400.0);
        assertThat(d.instantPowerW()).isEqualTo(300.0);
        assertThat(d.averagePowerW()).isEqualTo(290.0);
        assertThat(d.smClockMhz()).isEqualTo(1755);
        assertThat(d.smClockMaxMhz()).isEqualTo(1980);
        assertThat(d.counterUpdatePeriodMs()).isCloseTo(50, within(15.0));
        // 300 W for at least 1 s (longer on a loaded machine: the last poll ends it); the counter moves in 50 ms steps (15 J), so the two agree within about 2 steps
        assertThat(d.counterEnergyJ()).isCloseTo(d.integratedEnergyJ(), within(35.0));
        assertThat(d.integratedEnergyJ()).isGreaterThan(250.0);
        assertThat(r.plausible()).as(r.findings().toString()).isTrue();
    }

    @Test
    void a_temperature_out_of_range_makes_the_report_implausible() throws InterruptedException {
        Report r = check("gpus=1;temp_c=150");
        assertThat(r.plausible()).isFalse();
        assertThat(r.findings()).filteredOn(f -> f.verdict() == Verdict.FAIL).extracting(Finding::reading)
                .containsExactly("temperature");
    }

    @Test
    void power_above_the_limit_and_a_counter_that_never_moves_fail() {
        DeviceInfo info = new DeviceInfo(0, "GPU", "GPU-0");
        Device hot = new Device(info, "Ampere", 300.0, 1400, 1410, 60.0, 500.0, 480.0, null, 0.0, 10.0, null);
        List<Finding> findings = NvmlGpuCheck.judge(List.of(hot));
        assertThat(findings).filteredOn(f -> f.verdict() == Verdict.FAIL).extracting(Finding::reading)
                .containsExactlyInAnyOrder("energy counter", "power");
    }

    @Test
    void counter_and_integrated_power_ten_percent_apart_fail_and_instant_vs_average_only_warns() {
        DeviceInfo info = new DeviceInfo(0, "GPU", "GPU-0");
        Device d = new Device(info, "Ampere", 300.0, 1400, 1410, 60.0, 200.0, 100.0, 100.0, 110.0, 100.0, 0.10);
        List<Finding> findings = NvmlGpuCheck.judge(List.of(d));
        assertThat(findings).filteredOn(f -> f.verdict() == Verdict.FAIL).extracting(Finding::reading)
                .containsExactly("counter vs integrated power");
        assertThat(findings).filteredOn(f -> f.reading().equals("instant vs averaged power"))
                .extracting(Finding::verdict).containsExactly(Verdict.WARN);
    }

    @Test
    void an_old_driver_without_the_counter_or_the_architecture_call_is_reported_not_failed()
            throws InterruptedException {
        FakeNvml.assumeBuilt();
        Report r = NvmlGpuCheck.run(FakeNvml.oldDriverLibrary(), List.of(), Duration.ofMillis(100),
                Duration.ofMillis(300), Clock.system());
        Device d = r.devices().getFirst();
        assertThat(d.architecture()).isEqualTo("unknown");
        assertThat(d.counterEnergyJ()).isNull();
        assertThat(r.findings()).filteredOn(f -> f.reading().equals("energy counter")).extracting(Finding::verdict)
                .containsOnly(Verdict.WARN);
        assertThat(r.plausible()).as(r.findings().toString()).isTrue();
    }
}
