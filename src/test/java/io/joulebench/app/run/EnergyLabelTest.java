package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EnergyLabelTest {

    @Test
    void the_simulated_source_says_simulated_once_and_names_the_reference_engine() {
        assertThat(EnergyLabel.of("simulated", "simulated", "counter")).isEqualTo("simulated (counter, reference engine)");
        assertThat(EnergyLabel.of("simulated", "simulated", "")).isEqualTo("simulated (reference engine)");
    }

    @Test
    void other_sources_give_kind_source_and_method() {
        assertThat(EnergyLabel.of("measured", "nvml", "counter")).isEqualTo("measured · nvml (counter)");
        assertThat(EnergyLabel.of("estimated", "cpu-estimate", "integrated power"))
                .isEqualTo("estimated · cpu-estimate (integrated power)");
        assertThat(EnergyLabel.of("measured", "dcgm", "")).isEqualTo("measured · dcgm");
    }
}
