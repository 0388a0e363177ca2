package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RaplEnergyMeterTest extends EnergyMeterContract {

    @TempDir
    Path dir;

    private final VirtualClock clock = VirtualClock.atSeconds(10);
    private FakeRaplTree tree;

    private FakeRaplTree standardTree() {
        return new FakeRaplTree(dir)
                .domain("intel-rapl:0", "package-0", 5_000_000, 262_143_328_850L)
                .domain("intel-rapl:0:0", "core", 1_000, 262_143_328_850L)
                .domain("intel-rapl:0:1", "dram", 2_000_000, 65_712_999_613L)
                .domain("intel-rapl:1", "package-1", 7_000_000, 262_143_328_850L);
    }

    private RaplEnergyMeter open() {
        return RaplEnergyMeter.open(dir, clock, Files::readString);
    }

    @Override
    protected EnergyMeter createMeter() {
        tree = standardTree();
        return open();
    }

    @Override
    protected void letTimePass() {
        clock.advance(Duration.ofMillis(100));
        for (String d : new String[] {"intel-rapl:0", "intel-rapl:0:1", "intel-rapl:1"}) {
            tree.energy(d, tree.energy(d) + 3_000_000);
        }
    }

    @Test
    void packages_and_dram_are_devices_and_other_subdomains_are_not() {
        standardTree();
        try (RaplEnergyMeter meter = open()) {
            assertThat(meter.devices()).extracting(DeviceInfo::name)
                    .containsExactly("package-0", "package-0/dram", "package-1");
            assertThat(meter.devices()).extracting(DeviceInfo::uuid)
                    .containsExactly("intel-rapl:0", "intel-rapl:0:1", "intel-rapl:1");
            assertThat(meter.read().devices()).extracting(DeviceReading::energyJ).containsExactly(5.0, 2.0, 7.0);
        }
    }

    @Test
    void power_is_the_counter_rate() {
        tree = standardTree();
        try (RaplEnergyMeter meter = open()) {
            letTimePass();
            // 3 J per 100 ms on every domain
            assertThat(meter.read().devices()).allSatisfy(r -> assertThat(r.powerW()).isCloseTo(30, within(1e-9)));
        }
    }

    @Test
    void a_wraparound_is_added_back() {
        FakeRaplTree t = new FakeRaplTree(dir).domain("intel-rapl:0", "package-0", 900_000, 1_000_000);
        try (RaplEnergyMeter meter = open()) {
            double start = meter.read().devices().getFirst().energyJ();
            t.energy("intel-rapl:0", 100_000);
            double afterOneWrap = meter.read().devices().getFirst().energyJ();
            t.energy("intel-rapl:0", 950_000);
            meter.read();
            t.energy("intel-rapl:0", 50_000);
            double afterTwoWraps = meter.read().devices().getFirst().energyJ();

            assertThat(afterOneWrap - start).isCloseTo(0.2, within(1e-9));
            assertThat(afterTwoWraps - start).isCloseTo(1.15, within(1e-9));
        }
    }

    @Test
    void a_bracket_across_a_wraparound_gets_the_true_delta() {
        FakeRaplTree t = new FakeRaplTree(dir).domain("intel-rapl:0", "package-0", 800_000, 1_000_000);
        try (RaplEnergyMeter meter = open()) {
            SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, clock,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
            bracket.open();
            long[] values = {900_000, 0, 100_000, 200_000};
            for (long v : values) {
                clock.advance(Duration.ofMillis(100));
                t.energy("intel-rapl:0", v);
                bracket.sampleNow();
            }
            clock.advance(Duration.ofMillis(100));
            t.energy("intel-rapl:0", 300_000);
            BracketResult r = bracket.finish();

            assertThat(r.energyJ()).isCloseTo(0.5, within(1e-9));
            assertThat(r.method()).isEqualTo(EnergyMethod.COUNTER);
            assertThat(r.meanPowerW()).isCloseTo(1.0, within(1e-9));
        }
    }

    @Test
    void permission_denied_names_the_fix() {
        standardTree();
        RaplEnergyMeter.SysfsReader unprivileged = file -> {
            if (file.getFileName().toString().equals("energy_uj")) {
                throw new AccessDeniedException(file.toString());
            }
            return Files.readString(file);
        };
        assertThatThrownBy(() -> RaplEnergyMeter.open(dir, clock, unprivileged))
                .isInstanceOf(MeterException.class)
                .hasMessageContaining("permission denied on " + dir.resolve("intel-rapl:0/energy_uj"))
                .hasMessageContaining("Run as root")
                .hasMessageContaining("sudo chmod o+r " + dir + "/intel-rapl:*/energy_uj");
    }

    @Test
    void a_machine_without_powercap_is_told_so() {
        assertThatThrownBy(() -> RaplEnergyMeter.open(dir.resolve("absent")))
                .isInstanceOf(MeterException.class).hasMessageStartingWith("RAPL not available")
                .hasMessageContaining("does not exist");
        assertThatThrownBy(() -> RaplEnergyMeter.open(dir))
                .isInstanceOf(MeterException.class).hasMessageContaining("no intel-rapl package or dram domains");
    }
}
