package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunBackend;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class EditorViewTest {

    private final TestServices services = new TestServices();
    private AppContext context;

    @Start
    void start(Stage stage) {
        context = new AppContext(services.services(RunBackend.none(), new FxUiExecutor()));
        context.shell().editor().newStudy(EditorFixtures.quickstartCopy()); // a test copy, not the bundled example
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    void a_bad_rate_shows_its_error_next_to_the_rates_and_in_the_problems_list(FxRobot robot) throws Exception {
        Label error = robot.lookup("#error-rates").queryAs(Label.class);
        assertThat(error.isVisible()).isFalse();

        robot.clickOn("#sweep-new-rate").write("-4");
        robot.clickOn("#sweep-add");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, error::isVisible);
        WaitForAsyncUtils.waitForFxEvents(); // the problems list is filled in the same FX event, after the field

        assertThat(error.getText()).contains("must be > 0");
        ListView<?> problems = robot.lookup("#editor-problems").queryAs(ListView.class);
        assertThat(problems.getItems()).hasSize(1);
        assertThat(((Problem) problems.getItems().get(0)).text()).contains("sweep.server.traffic.rate[3]");
        // The rate list is written where it stood, in the file's own flow style.
        assertThat(context.shell().editor().textProperty().get()).contains("server.traffic.rate: [16, 28, 40, -4]");
    }

    @Test
    void ctrl_z_on_the_form_undoes_a_form_edit_and_the_undo_button_follows(FxRobot robot) throws Exception {
        // Issue 35 item 9: the form had no undo.
        String before = context.shell().editor().textProperty().get();
        javafx.scene.control.Button undo = robot.lookup("#form-undo").queryAs(javafx.scene.control.Button.class);
        assertThat(undo.isDisabled()).isTrue();
        robot.doubleClickOn(revealed(robot, "#field-windows_per_level")).eraseText(3).write("5").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.shell().editor().textProperty().get()).contains("windows_per_level: 5");
        assertThat(undo.isDisabled()).isFalse();
        assertThat(robot.lookup("#field-window_by_rate").queryAs(TextField.class).getText())
                .isEqualTo("16: 20, 28: 8, 40: 6");

        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.Z)
                .release(javafx.scene.input.KeyCode.Z, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.shell().editor().textProperty().get()).isEqualTo(before);
        assertThat(robot.lookup("#form-redo").queryAs(javafx.scene.control.Button.class).isDisabled()).isFalse();
    }

    /** The form's field, scrolled into view (the form is taller than the test's window). */
    static TextField revealed(FxRobot robot, String query) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        javafx.scene.control.ScrollPane form = robot.lookup(".study-form").queryAs(javafx.scene.control.ScrollPane.class);
        robot.interact(() -> FormView.reveal(form, field));
        return field;
    }

    /** Collects until a fresh weak reference is cleared: one full collection at least, no fixed sleep. */
    static void collectGarbage() {
        java.lang.ref.WeakReference<Object> probe = new java.lang.ref.WeakReference<>(new Object());
        for (int i = 0; i < 100 && probe.get() != null; i++) {
            System.gc();
        }
        assertThat(probe.get()).as("a collection ran").isNull();
    }

    @Test
    void the_recent_menu_lists_a_saved_study_even_after_a_garbage_collection(FxRobot robot,
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        javafx.scene.control.MenuButton recent = robot.lookup("#editor-recent").queryAs(
                javafx.scene.control.MenuButton.class);
        assertThat(recent.isDisabled()).isTrue();
        collectGarbage();
        java.nio.file.Path file = dir.resolve("saved.yaml");
        robot.interact(() -> context.shell().editor().saveStudyAs(file));
        // written on the editor's thread, recorded on the FX thread
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !recent.isDisabled());
        assertThat(recent.getItems()).extracting(javafx.scene.control.MenuItem::getText)
                .containsExactly(file.toString());
    }

    @Test
    void the_editor_header_marks_unsaved_edits_until_they_are_saved(FxRobot robot,
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Label mark = robot.lookup("#editor-unsaved").queryAs(Label.class);
        assertThat(mark.isVisible()).isFalse();
        var editor = context.shell().editor();
        robot.interact(() -> editor.textProperty().set(editor.textProperty().get() + "\n# edited\n"));
        assertThat(mark.isVisible()).isTrue();
        assertThat(mark.getText()).contains("unsaved");
        robot.interact(() -> editor.saveStudyAs(dir.resolve("s.yaml")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !mark.isVisible());
    }

    @Test
    void a_long_problem_wraps_in_the_problems_list_instead_of_being_cut(FxRobot robot) throws Exception {
        var editor = context.shell().editor();
        robot.interact(() -> editor.textProperty().set(editor.textProperty().get()
                .replace("study_name: quickstart-copy", "study_name: quickstart-copy\nunknown_key_with_a_rather_long_name_"
                        + "that_runs_on_and_on: 1")));
        ListView<?> problems = robot.lookup("#editor-problems").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !problems.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(io.joulebench.app.fx.Clipping.ellipsized(problems)).isEmpty();
        javafx.scene.Node cell = robot.from(problems).lookup(".problem-cell").query();
        assertThat(cell.getBoundsInLocal().getWidth()).isLessThanOrEqualTo(problems.getWidth());
    }

    @Test
    void every_prompt_fits_its_field_and_no_label_is_cut_short(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Parent editor = robot.lookup("#editor-view").queryAs(javafx.scene.Parent.class);
        assertThat(io.joulebench.app.fx.Clipping.ellipsized(editor)).isEmpty();
        java.util.List<String> cut = new java.util.ArrayList<>();
        for (TextField field : robot.lookup("#editor-view .text-field").queryAllAs(TextField.class)) {
            String prompt = field.getPromptText();
            if (field.isVisible() && prompt != null && !prompt.isEmpty()) {
                javafx.scene.text.Text text = new javafx.scene.text.Text(prompt);
                text.setFont(field.getFont());
                double room = field.getWidth() - field.getPadding().getLeft() - field.getPadding().getRight();
                if (text.getLayoutBounds().getWidth() > room) {
                    cut.add(field.getId() + ": '" + prompt + "' needs " + text.getLayoutBounds().getWidth()
                            + " px, has " + room);
                }
            }
        }
        assertThat(cut).isEmpty();
    }

    @Test
    void a_form_edit_shows_in_the_yaml_tab_and_the_plan(FxRobot robot) throws Exception {
        // the quickstart copy gives each rate its own window length, so the level count is what moves its plan
        Label wall = robot.lookup("#plan-wall-time").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> wall.getText().matches(".*\\d+:\\d\\d.*"));
        String before = wall.getText();
        TextField windows = revealed(robot, "#field-windows_per_level");
        robot.doubleClickOn(windows).eraseText(3).write("4").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !wall.getText().equals(before));

        robot.clickOn("#editor-yaml-tab");
        javafx.scene.control.TextArea yaml = robot.lookup("#editor-yaml").queryAs(javafx.scene.control.TextArea.class);
        assertThat(yaml.getText()).contains("windows_per_level: 4");
    }

    @Test
    void test_query_beside_the_prometheus_query_lists_the_matching_series(FxRobot robot) throws Exception {
        try (var prometheus = new io.joulebench.core.energy.FakePrometheus(1.0)) {
            prometheus.add("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "vllm-0", 0, t -> t * 1000);
            EditorViewModel editor = context.shell().editor();
            robot.interact(() -> {
                editor.form().edit("energy_sampler", "prometheus");
                editor.form().edit("prometheus_url", prometheus.url().toString());
                editor.form().edit("prometheus_query", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION");
            });
            javafx.scene.control.Button test = robot.lookup("#prometheus-test-query")
                    .queryAs(javafx.scene.control.Button.class);
            Label series = robot.lookup("#prometheus-test-series").queryAs(Label.class);
            assertThat(series.isVisible()).isFalse();
            robot.interact(test::fire);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> series.isVisible() && !test.isDisabled());
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(series.getText()).startsWith("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION\n  {").contains("vllm-0");
            assertThat(robot.lookup("#prometheus-test-message").queryAs(Label.class).getText())
                    .startsWith("1 series matches");
        }
    }
}
