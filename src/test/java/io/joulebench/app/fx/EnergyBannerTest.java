package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EnergyBannerTest {

    @Test
    void simulated_and_estimated_data_get_a_banner_and_measured_data_none() {
        assertThat(EnergyBanner.textFor("simulated")).startsWith("Simulated figures");
        assertThat(EnergyBanner.textFor("ESTIMATED")).startsWith("Estimated");
        assertThat(EnergyBanner.textFor("measured")).isEmpty();
        assertThat(EnergyBanner.textFor(List.of("measured", "estimated", "simulated")))
                .isEqualTo(EnergyBanner.SIMULATED);
        assertThat(EnergyBanner.textFor(List.of("measured"))).isEmpty();
    }

    @Test
    void error_messages_name_the_innermost_cause() {
        Exception e = new RuntimeException("outer", new java.io.IOException("disk full"));
        assertThat(ErrorMessages.describe(e)).isEqualTo("disk full");
        assertThat(ErrorMessages.describe(new IllegalStateException())).isEqualTo("IllegalStateException");
        assertThat(ErrorMessages.detail(e)).contains("Caused by: java.io.IOException: disk full").contains("\tat ");
    }
}
