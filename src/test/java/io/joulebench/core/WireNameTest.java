package io.joulebench.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.compare.Difference;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.PrometheusSettings;
import io.joulebench.core.server.Runner;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireNameTest {

    @Test
    void default_spelling_is_lower_case_with_dashes() {
        assertThat(EnergySource.CPU_ESTIMATE.wire()).isEqualTo("cpu-estimate");
        assertThat(Runner.IN_PROCESS.wire()).isEqualTo("in-process");
    }

    @Test
    void an_enum_may_keep_its_own_spelling() {
        assertThat(Difference.Scope.OPERATING_POINT.wire()).isEqualTo("operating_point");
        assertThat(PrometheusSettings.Unit.MJ.wire()).isEqualTo("mJ");
    }

    @Test
    void parses_exactly_what_it_writes_and_nothing_else() {
        for (PrometheusSettings.Unit u : PrometheusSettings.Unit.values()) {
            assertThat(WireName.parse(PrometheusSettings.Unit.class, u.wire())).contains(u);
        }
        assertThat(WireName.parse(PrometheusSettings.Unit.class, "mj")).isEmpty();
        assertThat(WireName.parse(Runner.class, null)).isEmpty();
    }

    @Test
    void lists_every_spelling_in_declaration_order() {
        assertThat(WireName.wires(Runner.class)).isEqualTo(List.of("in-process", "process", "container", "endpoint"));
    }
}
