package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link EnergyMeter} promises. Each meter's test extends this and supplies a meter on its fake (fake NVML
 * library, fake sysfs tree, fake Prometheus endpoint, fake /proc).
 */
public abstract class EnergyMeterContract {

    private final List<EnergyMeter> opened = new ArrayList<>();

    /** A fresh, open meter with at least one device. */
    protected abstract EnergyMeter createMeter() throws Exception;

    /** Lets the meter's energy move between reads (real time by default; fakes may advance their own state). */
    protected void letTimePass() throws Exception {
        Thread.sleep(120);
    }

    private EnergyMeter meter() throws Exception {
        EnergyMeter meter = createMeter();
        opened.add(meter);
        return meter;
    }

    @AfterEach
    void closeMeters() {
        opened.forEach(EnergyMeter::close);
    }

    @Test
    void energy_never_decreases_and_power_is_not_negative() throws Exception {
        EnergyMeter meter = meter();
        Map<Integer, Double> last = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            MeterReading reading = meter.read();
            for (DeviceReading r : reading.devices()) {
                if (meter.hasEnergyCounter()) {
                    assertThat(r.energyJ()).as("counter of device %d", r.device()).isNotNull();
                }
                if (r.energyJ() != null && last.containsKey(r.device())) {
                    assertThat(r.energyJ()).as("device %d energy", r.device()).isGreaterThanOrEqualTo(
                            last.get(r.device()));
                }
                if (r.energyJ() != null) {
                    last.put(r.device(), r.energyJ());
                }
                if (r.powerW() != null) {
                    assertThat(r.powerW()).as("device %d power", r.device()).isGreaterThanOrEqualTo(0.0);
                }
            }
            letTimePass();
        }
    }

    @Test
    void labels_are_present() throws Exception {
        EnergyMeter meter = meter();
        assertThat(meter.source()).isIn("nvml", "rapl", "dcgm", "prometheus", "cpu-estimate", "simulated");
        assertThat(meter.kind()).isNotNull();
        assertThat(meter.method()).isEqualTo(meter.hasEnergyCounter() ? EnergyMethod.COUNTER
                : EnergyMethod.INTEGRATED_POWER);
        assertThat(meter.warnings()).isNotNull();
    }

    @Test
    void devices_have_names_and_every_reading_covers_them() throws Exception {
        EnergyMeter meter = meter();
        List<DeviceInfo> devices = meter.devices();
        assertThat(devices).isNotEmpty().allSatisfy(d -> assertThat(d.name()).isNotBlank());
        assertThat(devices).extracting(DeviceInfo::index).doesNotHaveDuplicates();
        assertThat(meter.read().devices()).extracting(DeviceReading::device)
                .containsExactlyElementsOf(devices.stream().map(DeviceInfo::index).toList());
    }

    @Test
    void a_closed_meter_refuses_reads_and_closes_again_quietly() throws Exception {
        EnergyMeter meter = meter();
        meter.read();
        meter.close();
        assertThatThrownBy(meter::read).isInstanceOf(MeterException.class).hasMessageContaining("closed");
        assertThatCode(meter::close).doesNotThrowAnyException();
    }
}
