package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Issue 35 item 10: a study the form cannot show must not be shown as if it were something else. */
class StudyFormYamlOnlyTest {

    private final StudyDocument document = new StudyDocument();
    private final StudyFormViewModel form = new StudyFormViewModel(document);
    private final SweepViewModel sweep = new SweepViewModel(document);

    @Test
    void the_capacity_search_example_lists_every_key_the_form_has_no_field_for_with_its_value() throws Exception {
        document.textProperty().set(Files.readString(Path.of("examples/capacity-search.yaml")));

        assertThat(form.yamlOnly()).contains("server.capacity_search.slo.tpot_p50_ms: 15",
                "server.capacity_search.min_rate: 4", "server.capacity_search.max_rate: 56",
                "server.capacity_search.measure_fractions: [1, 0.5]", "reference.profile: small",
                "task.dataset.order: interleaved", "measurement.baseline.enabled: false");
        assertThat(form.yamlOnly()).as("keys a field shows are not listed twice")
                .noneMatch(l -> l.startsWith("study_name") || l.startsWith("server.traffic.window_seconds:")
                        || l.startsWith("runners.") || l.startsWith("server.warmup.mode"));
        assertThat(sweep.rates()).isEmpty();
        assertThat(sweep.ratesNoteProperty().get()).contains("capacity search chooses").contains("4–56");
    }

    @Test
    void a_study_every_key_of_which_has_a_field_lists_nothing_and_an_edit_updates_the_list() {
        document.textProperty().set("study_name: s\nserving_mode: server\nengine: reference\n"
                + "sweep: {server.traffic.rate: [2, 4]}\nserver: {traffic: {window_seconds: 10}}\n");
        assertThat(form.yamlOnly()).containsExactly("serving_mode: server");
        assertThat(sweep.ratesNoteProperty().get()).isEmpty();

        document.textProperty().set(document.textProperty().get() + "vllm: {max_num_seqs: 64}\n");
        assertThat(form.yamlOnly()).containsExactly("serving_mode: server", "vllm.max_num_seqs: 64");
    }

    @Test
    void the_trace_sections_settings_are_not_listed_as_yaml_only_but_a_setting_it_lacks_is() {
        document.textProperty().set("study_name: s\nengine: reference\nserver: {traffic: {trace: t.csv}}\n");
        assertThat(form.yamlOnly()).noneMatch(l -> l.startsWith("server.traffic.trace"));

        document.textProperty().set("study_name: s\nengine: reference\nserver: {traffic: {trace: {file: t.csv, "
                + "format: mooncake, start_seconds: 5, duration_seconds: 60, time_scale: 2, block_size: 16}}}\n");
        assertThat(form.yamlOnly()).containsExactly("server.traffic.trace.block_size: 16");
    }
}
