package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A group's energy is the sum of its own GPUs', or null: never a partial sum, never a host domain's. */
class DeviceGroupsTest {

    private static final DeviceGroups GROUPS = DeviceGroups.of(Map.of("prefill", List.of(0, 1), "decode", List.of(2, 3)));

    @Test
    void each_group_sums_its_own_devices_whatever_their_order_in_the_bracket() {
        BracketResult b = bracket("nvml", List.of(3, 0, 2, 1), 4.0, 1.0, 3.0, 2.0);
        assertThat(GROUPS.energyJ(b)).containsExactly(Map.entry("decode", 7.0), Map.entry("prefill", 3.0));
        assertThat(GROUPS.label()).isEqualTo("decode=2,3;prefill=0,1");
    }

    @Test
    void a_group_with_an_unmetered_gpu_or_an_unknown_energy_has_none() {
        assertThat(GROUPS.energyJ(bracket("dcgm", List.of(0, 1, 2), 1.0, 2.0, 3.0)))
                .containsEntry("prefill", 3.0).containsEntry("decode", null);
        assertThat(GROUPS.energyJ(bracket("simulated", List.of(0, 1, 2, 3), 1.0, null, 3.0, 4.0)))
                .containsEntry("prefill", null).containsEntry("decode", 7.0);
    }

    @Test
    void host_domain_indices_are_not_gpus() {
        assertThat(GROUPS.energyJ(bracket("rapl", List.of(0, 1, 2, 3), 1.0, 2.0, 3.0, 4.0)))
                .containsEntry("prefill", null).containsEntry("decode", null);
        assertThat(EnergyDomain.of("cpu-estimate")).isEqualTo(EnergyDomain.HOST);
        assertThat(EnergyDomain.of("nvml").label()).isEqualTo("gpu");
        assertThat(DeviceGroups.NONE.label()).isNull();
        assertThat(DeviceGroups.NONE.energyJ(bracket("nvml", List.of(0), 1.0))).isEmpty();
    }

    private static BracketResult bracket(String source, List<Integer> indices, Double... joules) {
        List<DeviceInfo> devices = indices.stream().map(i -> new DeviceInfo(i, "GPU " + i, "GPU-" + i)).toList();
        return new BracketResult(new BracketResult.Span(0, 1_000_000_000L, Instant.EPOCH, Instant.EPOCH),
                new BracketResult.Provenance(source, EnergyKind.MEASURED, EnergyMethod.COUNTER, devices), null,
                Arrays.asList(joules), null, null, List.of(), List.of());
    }
}
