package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.GpuTrace;
import io.joulebench.app.live.PowerPoint;
import io.joulebench.core.energy.PowerSample;
import java.util.List;
import org.junit.jupiter.api.Test;

class PowerBufferTest {

    private final PowerBuffer buffer = new PowerBuffer(3);

    private void add(PowerSample... samples) {
        buffer.add(List.of(samples), t -> t / 10.0);
    }

    @Test
    void each_device_keeps_its_latest_samples_on_the_run_clock_oldest_first() {
        for (int i = 0; i < 5; i++) {
            add(new PowerSample(10L * i, 1, 100.0 + i, null, null));
        }
        add(new PowerSample(0, 0, 50.0, null, null));

        assertThat(buffer.traces()).extracting(GpuTrace::device).containsExactly(0, 1);
        assertThat(buffer.traces().get(1).samples()).extracting(PowerPoint::tSeconds).containsExactly(2.0, 3.0, 4.0);
        assertThat(buffer.traces().get(1).name()).isEqualTo("GPU 1");
    }

    @Test
    void power_sums_the_devices_last_readings_and_temperature_is_the_hottest() {
        assertThat(buffer.watts()).isNaN();
        assertThat(buffer.hottestC()).isNaN();

        add(new PowerSample(0, 0, 50.0, 60.0, null), new PowerSample(0, 1, 40.0, 70.0, null));
        add(new PowerSample(1, 0, 55.0, null, null)); // no temperature: device 0 keeps its last one

        assertThat(buffer.watts()).isEqualTo(95.0);
        assertThat(buffer.hottestC()).isEqualTo(70.0);
    }

    @Test
    void a_sample_without_power_adds_no_point_and_clear_drops_everything() {
        add(new PowerSample(0, 0, null, 60.0, null));
        assertThat(buffer.traces()).isEmpty();
        assertThat(buffer.hottestC()).isEqualTo(60.0);

        buffer.clear();
        assertThat(buffer.hottestC()).isNaN();
    }
}
