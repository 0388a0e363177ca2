package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EnergySourceTest {

    @Test
    void the_published_choices_are_the_meter_selectors_and_in_the_documented_order() {
        assertThat(EnergySource.wires()).containsExactly("auto", "nvml", "rapl", "dcgm", "prometheus", "cpu-estimate",
                "simulated");
        assertThat(MeterSelector.SOURCES).isEqualTo(EnergySource.wires());
    }

    @Test
    void only_the_sources_that_read_the_running_server_are_bound_to_it() {
        assertThat(EnergySource.values()).filteredOn(EnergySource::needsRunningServer)
                .containsExactlyInAnyOrder(EnergySource.SIMULATED, EnergySource.CPU_ESTIMATE);
        assertThat(EnergySource.needsRunningServer("simulated")).isTrue();
        assertThat(EnergySource.needsRunningServer("nvml")).isFalse();
        assertThat(EnergySource.needsRunningServer("no-such-source")).isFalse();
    }

    @Test
    void each_source_knows_the_kind_of_figure_it_gives_and_every_meter_reports_its_own_spelling() {
        assertThat(EnergySource.SIMULATED.kind()).isEqualTo(EnergyKind.SIMULATED);
        assertThat(EnergySource.CPU_ESTIMATE.kind()).isEqualTo(EnergyKind.ESTIMATED);
        assertThat(EnergySource.NVML.kind()).isEqualTo(EnergyKind.MEASURED);
        assertThat(EnergySource.AUTO.kind()).isNull();
        assertThat(EnergySource.fromWire("cpu-estimate")).contains(EnergySource.CPU_ESTIMATE);
        assertThat(EnergySource.fromWire("CPU")).isEmpty();
    }
}
