package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.energy.FakePrometheus;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PrometheusQueryViewModelTest {

    private static final String METRIC = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION";
    private static final String QUERY = METRIC + "{pod=~\"vllm-.*\"}";

    private final FakePrometheus prometheus = new FakePrometheus(1.0);
    private final StudyDocument document = new StudyDocument();
    private final List<Runnable> queued = new ArrayList<>();
    private final PrometheusQueryViewModel vm = new PrometheusQueryViewModel(document, queued::add,
            UiExecutor.direct(), Map::of);

    @AfterEach
    void tearDown() {
        prometheus.close();
    }

    private void study(String url, String query) {
        document.textProperty().set("study_name: attached\nmeasurement:\n  energy_sampler: prometheus\n"
                + "  prometheus:\n    url: " + url + "\n    query: '" + query + "'\n    unit: mJ\n");
    }

    private void runQueued() {
        List<Runnable> work = List.copyOf(queued);
        queued.clear();
        work.forEach(Runnable::run);
    }

    @Test
    void the_query_runs_in_the_background_and_lists_each_matching_series_by_its_labels() {
        prometheus.add(METRIC, "vllm-0", 0, t -> t * 300_000).add(METRIC, "vllm-1", 1, t -> t * 300_000);
        study(prometheus.url().toString(), QUERY);

        vm.testQuery();
        assertThat(vm.runningProperty().get()).as("not run on the calling (UI) thread").isTrue();
        assertThat(vm.series()).isEmpty();
        vm.testQuery();
        assertThat(queued).as("a second press while one runs starts nothing").hasSize(1);

        runQueued();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.series()).hasSize(2);
        assertThat(vm.series().get(0)).startsWith(METRIC).contains("vllm-0");
        assertThat(vm.series().get(1)).contains("vllm-1");
        assertThat(vm.messageProperty().get()).startsWith("2 series match ");
    }

    @Test
    void a_query_matching_nothing_is_a_sentence_with_the_query_in_it() {
        study(prometheus.url().toString(), QUERY);
        vm.testQuery();
        runQueued();
        assertThat(vm.series()).isEmpty();
        assertThat(vm.messageProperty().get()).startsWith("measurement.prometheus: ").contains(QUERY)
                .contains("matches no series").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void an_unreachable_prometheus_is_a_sentence_not_a_stack_trace() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        study("http://127.0.0.1:" + port, QUERY);
        vm.testQuery();
        runQueued();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.series()).isEmpty();
        assertThat(vm.messageProperty().get()).startsWith("measurement.prometheus: ")
                .contains("127.0.0.1:" + port).contains("unreachable").doesNotContain("\tat ").doesNotContain("\n");
    }

    @Test
    void without_a_url_it_names_the_missing_key_and_queries_nothing() {
        document.textProperty().set("measurement:\n  energy_sampler: prometheus\n  prometheus:\n    query: up\n");
        vm.testQuery();
        assertThat(queued).isEmpty();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.messageProperty().get()).isEqualTo("measurement.prometheus.url: set it to test the query");
    }
}
