package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.WindowTelemetry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvenanceJsonTest {

    private static BracketResult bracket(WindowTelemetry t) {
        BracketResult b = FakeSessionRunner.window(0, 0, 2).bracket();
        return new BracketResult(b.span(), new BracketResult.Provenance("dcgm", EnergyKind.MEASURED,
                EnergyMethod.COUNTER, List.of(new DeviceInfo(0, "H100 0", "GPU-0")), t), b.energyJ(),
                b.deviceEnergyJ(), b.integratedJ(), null, b.samples(), List.of());
    }

    @Test
    void a_dcgm_window_carries_the_collection_interval_once_and_what_its_samples_saw() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("exporter_interval_ms", 1000L);
        settings.put("gpu_indices", null);
        settings.put("nodes", 1);
        WindowTelemetry t = new WindowTelemetry(998.0, 3, 10.0, List.of(new WindowTelemetry.Device(0, 1395, 1755,
                40960.0, List.of("sw_power_cap"), null)));

        JsonNode p = ProvenanceJson.of(bracket(t), settings);

        assertThat(p.path("dcgm_collection_interval_ms").asLong()).isEqualTo(1000);
        assertThat(p.path("counter_update_period_measured_ms").asDouble()).isEqualTo(998.0);
        assertThat(p.path("energy_field").isNull()).as("an NVML field name; DCGM's is its metric").isTrue();
        JsonNode d = p.path("devices").get(0);
        assertThat(d.path("sm_clock_min_seen_mhz").asInt()).isEqualTo(1395);
        assertThat(d.path("sm_clock_max_seen_mhz").asInt()).isEqualTo(1755);
        assertThat(d.path("architecture").isNull()).isTrue();
        assertThat(d.path("power_field").isNull()).isTrue();
        assertThat(ProvenanceJson.remainingSettings(settings)).containsOnlyKeys("gpu_indices", "nodes");
    }

    @Test
    void a_window_without_a_bracket_or_telemetry_has_no_devices_and_no_measured_period() {
        JsonNode p = ProvenanceJson.of(null, Map.of());
        assertThat(p.path("devices").size()).isZero();
        assertThat(p.path("counter_update_period_measured_ms").isNull()).isTrue();
        assertThat(p.path("counter_tick_spacings").asInt()).isZero();
    }
}
