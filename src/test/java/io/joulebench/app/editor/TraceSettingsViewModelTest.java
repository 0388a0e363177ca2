package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.app.editor.TraceSettingsViewModel.Setting;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.traffic.trace.TraceProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trace section's state and its preview, without a toolkit: a direct UI executor, a held background queue. */
class TraceSettingsViewModelTest {

    @TempDir
    Path dir;

    private final StudyDocument document = new StudyDocument();
    /** Background work held until {@link #runQueued}, so a test sees what is pending and what was dropped. */
    private final Deque<Runnable> queued = new ArrayDeque<>();
    private final Executor held = queued::add;

    private static final String STUDY = """
            # a replay
            study_name: replay
            engine: reference
            server:
              traffic:
                trace: traces/t.jsonl   # the plain form
                window_seconds: 5
            """;

    private Path trace() throws Exception {
        Files.createDirectories(dir.resolve("traces"));
        return Files.writeString(dir.resolve("traces/t.jsonl"), """
                {"timestamp": 0, "input_length": 1024, "output_length": 10, "hash_ids": [1, 2]}
                {"timestamp": 1000, "input_length": 1100, "output_length": 20, "hash_ids": [1, 3, 4]}
                {"timestamp": 2000, "input_length": 600, "output_length": 30, "hash_ids": [5, 6]}
                {"timestamp": 3000, "input_length": 1024, "output_length": 40, "hash_ids": [1, 2]}
                """);
    }

    private TraceSettingsViewModel vm(Executor background) {
        document.textProperty().set(STUDY);
        return new TraceSettingsViewModel(document, () -> dir, background, UiExecutor.direct());
    }

    private void runQueued() {
        while (!queued.isEmpty()) {
            queued.poll().run();
        }
    }

    @Test
    void the_plain_form_becomes_the_mapping_on_the_first_edit_keeping_the_users_comments() throws Exception {
        trace();
        TraceSettingsViewModel vm = vm(Runnable::run);
        assertThat(vm.valueProperty(Setting.FILE).get()).isEqualTo("traces/t.jsonl");

        vm.edit(Setting.DURATION_SECONDS, "120");
        vm.edit(Setting.START_SECONDS, "30");
        vm.edit(Setting.FORMAT, "mooncake");

        String yaml = document.textProperty().get();
        assertThat(yaml).startsWith("# a replay\n").contains("window_seconds: 5");
        var trace = StudyYaml.get(document.tree(), TraceSettingsViewModel.TRACE_PATH);
        assertThat(trace.get("file").asText()).isEqualTo("traces/t.jsonl");
        assertThat(trace.get("duration_seconds").asInt()).isEqualTo(120);
        assertThat(trace.get("start_seconds").asInt()).isEqualTo(30);
        assertThat(trace.get("format").asText()).isEqualTo("mooncake");
        assertThat(vm.valueProperty(Setting.START_SECONDS).get()).isEqualTo("30");
    }

    @Test
    void a_list_of_time_scales_is_the_sweep_axis_and_one_value_the_mappings_key() throws Exception {
        trace();
        TraceSettingsViewModel vm = vm(Runnable::run);
        vm.edit(Setting.TIME_SCALE, "1, 2 4");
        assertThat(StudyYaml.sweepAxis(document.tree(), TraceSettingsViewModel.TIME_SCALE_AXIS).toString())
                .isEqualTo("[1,2,4]");
        assertThat(vm.valueProperty(Setting.TIME_SCALE).get()).isEqualTo("1, 2, 4");
        assertThat(vm.timeScales()).containsExactly(1.0, 2.0, 4.0);

        vm.edit(Setting.TIME_SCALE, "2.5");
        assertThat(StudyYaml.sweepAxis(document.tree(), TraceSettingsViewModel.TIME_SCALE_AXIS)).isNull();
        assertThat(StudyYaml.get(document.tree(), "server.traffic.trace.time_scale").asDouble()).isEqualTo(2.5);
        assertThat(vm.timeScales()).containsExactly(2.5);
    }

    @Test
    void an_empty_file_removes_the_trace_and_its_sweep() throws Exception {
        trace();
        TraceSettingsViewModel vm = vm(Runnable::run);
        vm.edit(Setting.TIME_SCALE, "1, 2");
        vm.edit(Setting.FILE, "");
        assertThat(StudyYaml.get(document.tree(), TraceSettingsViewModel.TRACE_PATH)).isNull();
        assertThat(document.tree().get("sweep")).isNull();
        assertThat(vm.presentProperty().get()).isFalse();
        assertThat(vm.previewProperty().get()).isNull();
    }

    @Test
    void the_preview_is_the_slices_profile_at_the_first_time_scale() throws Exception {
        trace();
        TraceSettingsViewModel vm = vm(Runnable::run);
        vm.edit(Setting.TIME_SCALE, "2, 4");
        TraceProfile p = vm.previewProperty().get();
        assertThat(p).isNotNull();
        assertThat(p.timeScale()).isEqualTo(2.0);
        assertThat(p.replaySeconds()).isCloseTo(1.5, within(1e-9));
        assertThat(p.summary().rows()).isEqualTo(4);
        assertThat(p.sharedTokens()).isEqualTo(512 + 1024);
        assertThat(vm.detectedProperty().get()).isEqualTo("mooncake (detected)");
        assertThat(vm.messageProperty().get()).isEmpty();
        assertThat(TracePreviewText.caption(p, vm.timeScales())).contains("time_scale 2 (of 2, 4)")
                .contains("Shareable prefix: 41.0 %");
    }

    @Test
    void the_preview_is_read_in_the_background_and_a_superseded_one_is_dropped() throws Exception {
        trace();
        TraceSettingsViewModel vm = vm(held);
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.previewProperty().get()).isNull();
        vm.edit(Setting.DURATION_SECONDS, "1.5"); // rows at 0 and 1 s only

        runQueued(); // the first task was cancelled before it ran; the second one lands
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.previewProperty().get().summary().rows()).isEqualTo(2);
    }

    @Test
    void a_bad_trace_shows_the_readers_line_numbered_message() throws Exception {
        trace();
        Files.writeString(dir.resolve("traces/t.jsonl"), """
                {"timestamp": 0, "input_length": 10, "output_length": 5}
                {"timestamp": 1000, "input_length": -3, "output_length": 5}
                """);
        TraceSettingsViewModel vm = vm(Runnable::run);
        assertThat(vm.previewProperty().get()).isNull();
        assertThat(vm.messageProperty().get()).contains("t.jsonl line 2").contains("input_length")
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void a_missing_file_says_so_without_a_stack_trace() {
        TraceSettingsViewModel vm = vm(Runnable::run);
        assertThat(vm.messageProperty().get()).startsWith("no trace file ").contains("t.jsonl")
                .doesNotContain("Exception");
    }

    @Test
    void a_chosen_file_inside_the_studys_folder_is_written_relative_to_it() throws Exception {
        Path t = trace();
        TraceSettingsViewModel vm = vm(Runnable::run);
        Files.writeString(dir.resolve("other.csv"), "offset_s\n0\n1\n");
        vm.chooseFile(dir.resolve("other.csv"));
        assertThat(StudyYaml.get(document.tree(), "server.traffic.trace.file").asText()).isEqualTo("other.csv");
        assertThat(vm.detectedProperty().get()).isEqualTo("joulebench (detected)");
        assertThat(vm.chooserFolder()).isEqualTo(dir);
        vm.chooseFile(t);
        assertThat(vm.chooserFolder()).isEqualTo(dir.resolve("traces"));
    }
}
