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
}
