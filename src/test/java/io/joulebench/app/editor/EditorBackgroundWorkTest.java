package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.Debouncer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The editor's validation, plan preview and file reads and writes run on the background executor and come back
 * through the UI executor. Both are queues here, drained by the test, so each hop is visible.
 */
class EditorBackgroundWorkTest {

    private final TestServices services = new TestServices();
    private final Queue<Runnable> background = new ArrayDeque<>();
    private final Queue<Runnable> ui = new ArrayDeque<>();
    private final EditorViewModel vm = new EditorViewModel(services.preferences, services.errors, Debouncer.direct(),
            background::add, ui::add);

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    /** Runs what the background queue holds (an edit may queue more than one check), not what it hands the UI. */
    private void runBackground() {
        while (!background.isEmpty()) {
            background.poll().run();
        }
    }

    /** Runs what the background queue holds, then what it handed to the UI queue. */
    private void drain() {
        while (!background.isEmpty() || !ui.isEmpty()) {
            while (!background.isEmpty()) {
                background.poll().run();
            }
            while (!ui.isEmpty()) {
                ui.poll().run();
            }
        }
    }

    @Test
    void validation_and_the_plan_preview_run_in_the_background_and_arrive_through_the_ui_executor() {
        assertThat(vm.validation().planProperty().get()).isNull(); // the quickstart's checks are still queued
        assertThat(background).isNotEmpty();

        runBackground();
        assertThat(vm.validation().planProperty().get()).isNull(); // computed, not yet on the UI thread
        assertThat(ui).hasSize(1); // only the latest check got that far

        ui.poll().run();
        assertThat(vm.validation().planProperty().get()).isNotNull();
        assertThat(vm.validation().problems()).isEmpty();
    }

    @Test
    void a_validation_superseded_by_a_later_edit_is_dropped() {
        drain();
        vm.sweep().add("-1"); // invalid …
        Queue<Runnable> stale = new ArrayDeque<>(background);
        background.clear();
        vm.sweep().remove(3); // … and fixed before its checks ran
        stale.forEach(Runnable::run);
        assertThat(ui).isEmpty(); // the stale checks never got as far as the UI

        drain();
        assertThat(vm.validation().problems()).isEmpty();
        assertThat(vm.validation().planProperty().get()).isNotNull();
    }

    @Test
    void a_stale_outcome_already_on_its_way_to_the_ui_is_not_shown() {
        drain();
        vm.sweep().add("-1");
        runBackground(); // the invalid study's outcome is queued for the UI
        assertThat(ui).hasSize(1);
        vm.sweep().remove(3);
        ui.poll().run(); // … and dropped there
        assertThat(vm.validation().problems()).isEmpty();

        drain();
        assertThat(vm.validation().problems()).isEmpty();
        assertThat(vm.validation().planMessageProperty().get()).isEmpty();
    }

    @Test
    void the_study_to_run_is_checked_at_once_and_drops_a_check_still_queued() {
        drain();
        vm.sweep().add("-1");
        assertThat(background).isNotEmpty(); // the debounced checks, not run yet
        assertThat(org.assertj.core.api.Assertions.catchThrowable(vm::studyToRun)).hasMessageContaining("1 problem");

        drain();
        assertThat(vm.validation().problems()).hasSize(1); // the immediate check's, the queued one dropped
        assertThat(ui).isEmpty();
    }

    @Test
    void open_reads_and_save_writes_on_the_background_executor_and_land_through_the_ui_executor(@TempDir Path dir)
            throws Exception {
        // Issue 15 item 9: study-file I/O ran on the FX thread.
        drain();
        Path file = Files.writeString(dir.resolve("other.yaml"), "study_name: other\nserving_mode: server\n");
        var opened = vm.openStudy(file);
        assertThat(opened).isNotDone();
        assertThat(vm.studyNameProperty().get()).isEqualTo("quickstart"); // nothing read on the caller's thread
        runBackground();
        assertThat(opened).isNotDone(); // read, not yet loaded on the UI thread
        drain();
        assertThat(opened.join()).isTrue();
        assertThat(vm.studyNameProperty().get()).isEqualTo("other");

        vm.textProperty().set("study_name: saved\nserving_mode: server\n");
        Path target = dir.resolve("saved.yaml");
        var saved = vm.saveStudyAs(target);
        assertThat(target).doesNotExist();
        vm.textProperty().set("study_name: saved\nserving_mode: server\n# typed while it saved\n");
        drain();
        assertThat(saved.join()).isTrue();
        assertThat(Files.readString(target, StandardCharsets.UTF_8)).isEqualTo("study_name: saved\nserving_mode: server\n");
        assertThat(vm.dirtyProperty().get()).as("edited after the text was taken").isTrue();
        assertThat(vm.fileProperty().get()).isEqualTo(target.toAbsolutePath().normalize());
    }

    @Test
    void the_save_the_unsaved_edits_question_starts_is_done_before_it_answers(@TempDir Path dir) throws Exception {
        EditorViewModel asking = new EditorViewModel(services.preferences, services.errors, Debouncer.direct(),
                services.confirmer, services.dialogs, background::add, ui::add);
        drain();
        Path target = dir.resolve("kept.yaml");
        asking.textProperty().set(asking.textProperty().get() + "# mine\n");
        services.choiceAnswer = "Save";
        services.dialogs.answers.add(target);
        assertThat(asking.settleUnsaved("closing the window")).isTrue();
        assertThat(Files.readString(target, StandardCharsets.UTF_8)).endsWith("# mine\n");
        assertThat(asking.dirtyProperty().get()).isFalse();
    }
}
