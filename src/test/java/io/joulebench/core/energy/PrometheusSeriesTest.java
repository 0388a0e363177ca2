package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusSeriesTest {

    @Test
    void name_is_the_metric_with_every_label_sorted_as_a_selector() {
        PrometheusSeries s = new PrometheusSeries(Map.of("pod", "vllm-0", "__name__", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
                "namespace", "llm", "gpu", "0", "note", "a \"quoted\" value"), List.of());
        assertThat(s.name()).isEqualTo("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",namespace=\"llm\","
                + "note=\"a \\\"quoted\\\" value\",pod=\"vllm-0\"}");
        assertThat(s.identity()).doesNotContainKey("__name__").containsEntry("pod", "vllm-0");
    }
}
