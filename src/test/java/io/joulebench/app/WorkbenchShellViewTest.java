package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.editor.EditorViewModel;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.FakeLiveFeed;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.shell.Area;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class WorkbenchShellViewTest {

    private final TestServices services = new TestServices();
    private final FakeRunController controller = new FakeRunController();
    private final AtomicReference<LiveSnapshot> snapshot = new AtomicReference<>(LiveSnapshot.idle());
    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        context = new AppContext(services.services(new RunBackend(snapshot::get, controller), new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    void the_shell_opens_titled_with_icons_and_three_areas_one_click_away(FxRobot robot) {
        assertThat(stage.getTitle()).isEqualTo("Joulebench — quickstart");
        assertThat(stage.getIcons()).hasSize(AppContext.ICON_SIZES.length);
        assertThat(robot.lookup("#nav-editor").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(visible(robot, "#editor-view")).isTrue();

        robot.clickOn("#nav-results");
        assertThat(visible(robot, "#results-view")).isTrue();
        assertThat(visible(robot, "#editor-view")).isFalse();

        robot.clickOn("#nav-live");
        assertThat(visible(robot, "#live-view")).isTrue();
        assertThat(context.shell().areaProperty().get()).isEqualTo(Area.LIVE);

        robot.clickOn("#nav-live");
        assertThat(robot.lookup("#nav-live").queryAs(ToggleButton.class).isSelected()).isTrue();
    }

    @Test
    void ctrl_r_starts_a_run_on_the_live_area_and_escape_cancels_after_confirming(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(controller.calls).containsExactly("start");
        assertThat(visible(robot, "#live-view")).isTrue();

        // 30 s in: three windows of the first level and one of the second have closed.
        snapshot.set(FakeLiveFeed.at(30));
        // the poll picks the snapshot up on its own cadence: wait for the chart to show it, not for a fixed time
        try {
            WaitForAsyncUtils.waitFor(20, java.util.concurrent.TimeUnit.SECONDS,
                    () -> context.shell().live().windowChartProperty().get().points().size() == 4);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the live chart never showed the 4 closed windows", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.shell().live().windowChartProperty().get().points()).hasSize(4);

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(services.questions).hasSize(1);
        assertThat(controller.calls).containsExactly("start", "cancel");
    }

    @Test
    void ctrl_n_opens_a_fresh_quickstart_in_the_editor(FxRobot robot) {
        robot.clickOn("#nav-results");
        robot.press(KeyCode.CONTROL, KeyCode.N).release(KeyCode.N, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(visible(robot, "#editor-view")).isTrue();
        assertThat(context.shell().editor().textProperty().get()).contains("study_name: quickstart");
    }

    @Test
    void ctrl_o_opens_the_chosen_study_in_the_editor_and_remembers_it(FxRobot robot, @TempDir Path dir)
            throws Exception {
        Path study = dir.resolve("other.yaml");
        Files.writeString(study, EditorViewModel.quickstartText().replace("study_name: quickstart",
                "study_name: other-study"), StandardCharsets.UTF_8);
        robot.clickOn("#nav-results");
        services.dialogs.answers.add(study);
        robot.press(KeyCode.CONTROL, KeyCode.O).release(KeyCode.O, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(services.dialogs.answers).isEmpty();
        assertThat(visible(robot, "#editor-view")).isTrue();
        assertThat(stage.getTitle()).isEqualTo("Joulebench — other-study");
        assertThat(context.shell().editor().fileProperty().get()).isEqualTo(study);
        assertThat(services.preferences.recentStudies()).containsExactly(study);
    }

    @Test
    void ctrl_s_asks_for_a_file_for_a_new_study_then_saves_in_place_without_asking(FxRobot robot, @TempDir Path dir)
            throws Exception {
        Path target = dir.resolve("saved.yaml");
        services.dialogs.answers.add(target);
        robot.press(KeyCode.CONTROL, KeyCode.S).release(KeyCode.S, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(services.dialogs.answers).isEmpty();
        // written on the editor's thread, marked saved on the FX thread
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> !stage.getTitle().endsWith(" •")
                && context.shell().editor().fileProperty().get() != null);
        assertThat(Files.readString(target, StandardCharsets.UTF_8)).isEqualTo(EditorViewModel.quickstartText());

        robot.interact(() -> context.shell().editor().form().edit("window_seconds", "7"));
        assertThat(stage.getTitle()).endsWith(" •");
        robot.press(KeyCode.CONTROL, KeyCode.S).release(KeyCode.S, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> !stage.getTitle().endsWith(" •"));
        // Saved to the same file without a dialog (an empty answer queue would have meant "cancelled").
        assertThat(Files.readString(target, StandardCharsets.UTF_8)).contains("window_seconds: 7");
        assertThat(stage.getTitle()).isEqualTo("Joulebench — quickstart");
    }

    private static boolean visible(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        return node.isVisible();
    }
}
