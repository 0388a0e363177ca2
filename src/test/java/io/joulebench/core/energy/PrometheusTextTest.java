package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    @Test
    void parses_names_labels_values_and_timestamps() {
        List<PrometheusText.Sample> samples = PrometheusText.parse("""
                # HELP DCGM_FI_DEV_POWER_USAGE Power draw (in W).
                # TYPE DCGM_FI_DEV_POWER_USAGE gauge
                DCGM_FI_DEV_POWER_USAGE{gpu="0",UUID="GPU-abc", modelName="NVIDIA H100 80GB HBM3",} 312.5 1712345678000
                vllm:num_requests_running 4

                up NaN
                """);
        assertThat(samples).hasSize(3);
        assertThat(samples.get(0).name()).isEqualTo("DCGM_FI_DEV_POWER_USAGE");
        assertThat(samples.get(0).labels()).isEqualTo(Map.of("gpu", "0", "UUID", "GPU-abc",
                "modelName", "NVIDIA H100 80GB HBM3"));
        assertThat(samples.get(0).value()).isEqualTo(312.5);
        assertThat(samples.get(1).name()).isEqualTo("vllm:num_requests_running");
        assertThat(samples.get(1).labels()).isEmpty();
        assertThat(samples.get(2).value()).isNaN();
    }

    @Test
    void escaped_label_values_are_unescaped() {
        PrometheusText.Sample s = PrometheusText.parseLine("m{path=\"C:\\\\x\",q=\"say \\\"hi\\\"\",n=\"a\\nb\"} 1e3");
        assertThat(s.labels()).containsEntry("path", "C:\\x").containsEntry("q", "say \"hi\"")
                .containsEntry("n", "a\nb");
        assertThat(s.value()).isEqualTo(1000.0);
    }

    @Test
    void garbage_lines_are_skipped_not_fatal() {
        List<PrometheusText.Sample> samples = PrometheusText.parse("""
                {gpu="0"} 1
                m{gpu="0" 1
                m{gpu=0} 1
                m{gpu="0"} notanumber
                m
                ok{gpu="1"} +Inf
                ok2 -2.5e-1\r
                """);
        assertThat(samples).extracting(PrometheusText.Sample::name).containsExactly("ok", "ok2");
        assertThat(samples.get(0).value()).isInfinite();
        assertThat(samples.get(1).value()).isEqualTo(-0.25);
    }
}
