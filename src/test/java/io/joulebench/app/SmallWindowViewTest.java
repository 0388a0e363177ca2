package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.fx.Clipping;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.FakeLiveFeed;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.results.Fixtures;
import io.joulebench.app.shell.Area;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The workbench at 1100x700, the smallest window the README promises: no control's text is cut short. */
@ExtendWith(ApplicationExtension.class)
class SmallWindowViewTest {

    private final TestServices services = new TestServices();
    private final AtomicReference<LiveSnapshot> snapshot = new AtomicReference<>(FakeLiveFeed.at(30));
    private AppContext context;

    @Start
    void start(Stage stage) {
        AppContext.Services base = services.services(new RunBackend(snapshot::get, new FakeRunController()),
                new FxUiExecutor());
        // A desktop whose file browser fails with AWT's long message, as on a machine without D-Bus.
        context = new AppContext(new AppContext.Services(base.preferences(), base.backend(), folder -> {
            throw new java.io.IOException("Failed to show URI:file:" + folder + "/");
        }, base.errors(), base.confirmer(), base.dialogs(), base.ui()));
        context.show(stage);
        stage.setWidth(1100);
        stage.setHeight(700);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    private Parent area(FxRobot robot, Area area, String id) {
        robot.interact(() -> context.shell().areaProperty().set(area));
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(id).queryAs(Parent.class);
    }

    @Test
    void the_editor_at_1100_by_700_cuts_no_text(FxRobot robot) {
        assertThat(Clipping.ellipsized(area(robot, Area.EDITOR, "#editor-view"))).isEmpty();
    }

    @Test
    void the_results_view_at_1100_by_700_cuts_no_text_and_keeps_a_failed_open_folders_path_in_the_window(
            FxRobot robot) throws Exception {
        robot.interact(() -> context.shell().results().open(Fixtures.quickstartFolder()));
        Parent results = area(robot, Area.RESULTS, "#results-view");
        assertThat(Clipping.ellipsized(results)).isEmpty();
        robot.interact(() -> {
            context.shell().results().selection().setAll(context.shell().results().rows().get(0));
            context.shell().results().openBundleFolder();
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> robot.lookup("#results-folder-notice").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        double width = results.getScene().getWidth();
        for (String id : java.util.List.of("#results-folder-notice-copy", "#results-folder-notice-close",
                "#results-folder-copy")) {
            javafx.scene.Node n = robot.lookup(id).query();
            assertThat(n.localToScene(n.getBoundsInLocal()).getMaxX()).as(id + " inside the window")
                    .isLessThanOrEqualTo(width);
        }
        assertThat(results.getLayoutBounds().getWidth()).isLessThanOrEqualTo(width);
    }

    @Test
    void the_live_view_at_1100_by_700_cuts_no_text(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> context.shell().live().stateProperty().get() == snapshot.get().state());
        Parent live = area(robot, Area.LIVE, "#live-view");
        assertThat(Clipping.ellipsized(live)).isEmpty();
        // The verdict column stays inside its table (it was pushed out of view), and tile titles are readable.
        javafx.scene.Node table = robot.lookup(".level-table").query();
        javafx.scene.Node verdict = robot.from(table).lookup("#level-verdict").query();
        assertThat(verdict.localToScene(verdict.getBoundsInLocal()).getMaxX())
                .isLessThanOrEqualTo(table.localToScene(table.getBoundsInLocal()).getMaxX() + 1);
        assertThat(verdict.getBoundsInLocal().getWidth()).isGreaterThanOrEqualTo(90);
        assertThat(robot.lookup(".kpi-title").queryAll()).hasSize(6).allSatisfy(n ->
                assertThat(((javafx.scene.control.Label) n).getFont().getSize()).isGreaterThanOrEqualTo(11));
    }
}
