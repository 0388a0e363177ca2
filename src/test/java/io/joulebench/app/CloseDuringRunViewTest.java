package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.FakeLiveFeed;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.live.RunState;
import io.joulebench.app.prefs.WindowBounds;
import io.joulebench.app.shell.Area;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Closing the main window while a run is under way, over a controller whose teardown the test releases: the close
 * asks once, cancels, keeps the window (saying why) until the teardown has finished, then closes it with its bounds
 * saved. The same path over a real run and engine is in {@code RealRunFromEditorViewTest}.
 */
@ExtendWith(ApplicationExtension.class)
class CloseDuringRunViewTest {

    private final TestServices services = new TestServices();
    private final FakeRunController controller = new FakeRunController();
    private final AtomicReference<LiveSnapshot> snapshot = new AtomicReference<>(LiveSnapshot.idle());
    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) {
        Platform.setImplicitExit(false);
        this.stage = stage;
        context = new AppContext(services.services(new RunBackend(snapshot::get, controller), new FxUiExecutor()));
        context.show(stage);
        stage.setX(50);
        stage.setY(40);
        stage.setWidth(1000);
        stage.setHeight(700);
    }

    @AfterEach
    void tearDown() throws Exception {
        controller.teardown.countDown();
        context.close();
        services.close();
    }

    @Test
    void a_close_during_a_run_asks_cancels_waits_for_the_teardown_saying_so_then_closes_with_its_bounds_saved(
            FxRobot robot) throws Exception {
        runIs(FakeLiveFeed.at(30));
        controller.teardown = new CountDownLatch(1);
        robot.clickOn("#nav-results");

        requestClose(robot);
        assertThat(services.questions).hasSize(1);
        assertThat(controller.calls).containsExactly("cancel");
        assertThat(stage.isShowing()).isTrue();
        assertThat(context.shell().areaProperty().get()).isEqualTo(Area.LIVE);
        assertThat(context.shell().live().noticeProperty().get()).startsWith("Closing once the run has stopped");
        assertThat(services.preferences.windowBounds()).isEqualTo(new WindowBounds(50, 40, 1000, 700));

        // Impatient: a second close while the server is still going down is not lost, nor asked about again.
        requestClose(robot);
        assertThat(services.questions).hasSize(1);
        assertThat(controller.calls).containsExactly("cancel");
        assertThat(stage.isShowing()).isTrue();

        robot.interact(() -> stage.setWidth(1100));
        controller.teardown.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !stage.isShowing());
        assertThat(services.preferences.windowBounds()).isEqualTo(new WindowBounds(50, 40, 1100, 700));
    }

    @Test
    void a_close_while_the_run_is_already_cancelling_is_not_swallowed_it_closes_once_torn_down(FxRobot robot)
            throws Exception {
        LiveSnapshot running = FakeLiveFeed.at(30);
        runIs(new LiveSnapshot(running.version() + 1, RunState.CANCELLING, running.studyName(), running.energyKind(),
                running.energyLabel(), running.windows(), running.power(), running.windowSpans(),
                running.warmupSpans(), running.rampSpans(), running.kpis(), running.progress(), running.levels()));
        controller.teardown = new CountDownLatch(1);

        requestClose(robot);
        assertThat(services.questions).isEmpty();
        assertThat(controller.calls).isEmpty();
        assertThat(stage.isShowing()).isTrue();
        assertThat(context.shell().live().noticeProperty().get()).startsWith("Closing once the run has stopped");

        controller.teardown.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !stage.isShowing());
        assertThat(services.preferences.windowBounds()).isEqualTo(new WindowBounds(50, 40, 1000, 700));
    }

    @Test
    void declining_the_question_keeps_the_window_and_the_run(FxRobot robot) throws Exception {
        runIs(FakeLiveFeed.at(30));
        services.confirmAnswer = false;

        requestClose(robot);
        assertThat(services.questions).hasSize(1);
        assertThat(controller.calls).isEmpty();
        assertThat(stage.isShowing()).isTrue();
        assertThat(context.shell().live().noticeProperty().get()).isEmpty();
    }

    @Test
    void without_a_run_the_window_closes_at_once_with_its_bounds_saved(FxRobot robot) {
        requestClose(robot);
        assertThat(stage.isShowing()).isFalse();
        assertThat(services.questions).isEmpty();
        assertThat(services.preferences.windowBounds()).isEqualTo(new WindowBounds(50, 40, 1000, 700));
    }

    @Test
    void unsaved_edits_are_asked_about_on_close_cancel_keeps_the_window_save_writes_them(FxRobot robot,
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        var editor = context.shell().editor();
        robot.interact(() -> editor.textProperty().set(editor.textProperty().get() + "\n# edited\n"));
        services.choiceAnswer = "Cancel";
        requestClose(robot);
        assertThat(services.questions).singleElement().asString().contains("not saved").contains("closing");
        assertThat(stage.isShowing()).isTrue();

        java.nio.file.Path target = dir.resolve("kept.yaml");
        services.dialogs.answers.add(target);
        services.choiceAnswer = "Save";
        requestClose(robot);
        assertThat(stage.isShowing()).isFalse();
        assertThat(java.nio.file.Files.readString(target)).endsWith("# edited\n");
    }

    @Test
    void a_close_during_a_run_asks_about_unsaved_edits_after_the_cancel_question(FxRobot robot) throws Exception {
        var editor = context.shell().editor();
        robot.interact(() -> editor.textProperty().set(editor.textProperty().get() + "\n# edited\n"));
        runIs(FakeLiveFeed.at(30));
        services.choiceAnswer = "Cancel";
        requestClose(robot);
        assertThat(services.questions).hasSize(2);
        assertThat(services.questions.get(0)).startsWith("Cancel the running study?");
        assertThat(services.questions.get(1)).contains("not saved");
        assertThat(controller.calls).containsExactly("cancel");
        assertThat(stage.isShowing()).isTrue();
        assertThat(context.shell().live().noticeProperty().get()).as("not closing after all").isEmpty();
    }

    private void runIs(LiveSnapshot s) throws Exception {
        snapshot.set(s);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> context.shell().live().stateProperty().get() == s.state());
    }

    /** What the window manager's close button does. */
    private void requestClose(FxRobot robot) {
        robot.interact(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
