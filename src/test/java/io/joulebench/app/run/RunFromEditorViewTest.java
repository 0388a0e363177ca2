package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.app.shell.Area;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Run button over a scripted quickstart-like execution: windows reach the chart, results open after. */
@ExtendWith(ApplicationExtension.class)
class RunFromEditorViewTest {

    @TempDir
    static Path results;
    private final TestServices services = new TestServices();
    private AppContext context;

    @Start
    void start(Stage stage) {
        context = new AppContext(services.services(
                StudyRunBackend.factory(new ScriptedStudyExecution(300), results, services.errors),
                new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    void run_makes_windows_appear_in_the_chart_and_then_opens_the_results(FxRobot robot) throws Exception {
        robot.clickOn("#nav-live");
        robot.clickOn("#live-run");
        var live = context.shell().live();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !live.windowChartProperty().get().points().isEmpty());
        assertThat(live.bannerProperty().get()).startsWith("Simulated");

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.FINISHED);
        // the state is set first in the FX thread's apply of a snapshot: let that apply finish before reading the chart
        WaitForAsyncUtils.waitForFxEvents();
        var points = live.windowChartProperty().get().points();
        assertThat(points).hasSize(9);
        assertThat(points.subList(0, 6)).allMatch(p -> p.window().validity() == Validity.VALID);
        assertThat(points.subList(6, 9)).allMatch(p -> p.window().validity() == Validity.INVALID);
        assertThat(live.levelRows()).hasSize(3);

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> context.shell().areaProperty().get() == Area.RESULTS);
        assertThat(context.shell().results().rows()).hasSize(9);
        assertThat(context.shell().results().recent()).singleElement().satisfies(p ->
                assertThat(p.getFileName().toString()).startsWith("quickstart-"));
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void the_editors_run_button_is_off_with_the_reason_while_the_study_has_problems_and_runs_it_after(FxRobot robot)
            throws Exception {
        var editor = context.shell().editor();
        var run = robot.lookup("#editor-run").queryButton();
        assertThat(run.isDisabled()).isFalse();
        assertThat(run.getTooltip().getText()).contains("Ctrl+R");
        robot.interact(() -> editor.textProperty().set(editor.textProperty().get()
                .replace("window_seconds: 5", "window_seconds: -5")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, run::isDisabled);
        var reason = robot.lookup("#editor-run-off").queryLabeled();
        assertThat(reason.isVisible()).isTrue();
        assertThat(reason.getText()).contains("window_seconds");
        assertThat(robot.lookup("#live-run").queryButton().isDisabled()).as("the Live view's Run too").isTrue();

        robot.interact(() -> editor.textProperty().set(editor.textProperty().get()
                .replace("window_seconds: -5", "window_seconds: 5")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !run.isDisabled());
        robot.clickOn("#editor-run");
        var live = context.shell().live();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.FINISHED);
        assertThat(context.shell().areaProperty().get()).isNotEqualTo(Area.EDITOR);
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void escape_cancels_a_run_after_confirming(FxRobot robot) throws Exception {
        robot.clickOn("#nav-live");
        robot.clickOn("#live-run");
        var live = context.shell().live();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.RUNNING);
        robot.clickOn("#live-cancel");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.CANCELLED);
        assertThat(services.questions).hasSize(1);
        assertThat(live.windowChartProperty().get().points().size()).isLessThan(9);

        // Resume's chooser opens at the run just cancelled.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#live-resume").queryButton().isDisabled());
        robot.clickOn("#live-resume");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(services.dialogs.initialFolders).last().satisfies(p -> {
            assertThat(p).isNotNull();
            assertThat(p.getParent()).isEqualTo(results);
            assertThat(p.getFileName().toString()).startsWith("quickstart-");
        });
    }
}
