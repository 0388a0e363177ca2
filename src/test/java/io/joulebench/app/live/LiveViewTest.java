package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.Clipping;
import io.joulebench.app.fx.UiExecutor;
import java.util.List;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TableRow;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The live view at the end of a run whose levels failed with long reasons: every word is on screen. */
@ExtendWith(ApplicationExtension.class)
class LiveViewTest {

    static final String LONG_REASON = "window-to-window J/token not steady: CV 0.117 > 0.05 over 3 windows";

    private final TestServices services = new TestServices();
    private Parent root;

    @Start
    void start(Stage stage) {
        LiveSnapshot done = FakeLiveFeed.at(FakeLiveFeed.totalSeconds());
        List<LevelRow> rows = done.levels().stream().map(r -> new LevelRow(r.levelIndex(), r.rate(), r.windowsDone(),
                r.windowsTotal(), r.cv(), r.cvThreshold(), Validity.INVALID, LONG_REASON, r.ttftP99Ms(),
                r.requestThroughput())).toList();
        LiveSnapshot invalid = new LiveSnapshot(done.version(), done.state(), done.studyName(), done.energyKind(),
                done.energyLabel(), done.windows(), done.power(), done.windowSpans(), done.warmupSpans(),
                done.rampSpans(), done.kpis(), done.progress(), rows);
        LiveViewModel vm = new LiveViewModel(new RunBackend(() -> invalid, new FakeRunController()),
                UiExecutor.direct(), (period, task) -> () -> { }, services.confirmer, services.errors,
                LiveViewModel.DEFAULT_HZ);
        vm.apply(invalid);
        root = new LiveView(vm, () -> null).node();
        Scene scene = new Scene(root, 1240, 780);
        scene.getStylesheets().add(getClass().getResource("/io/joulebench/app/workbench.css").toExternalForm());
        stage.setScene(scene);
        // The stage is shared with earlier tests that resized it: size it to this scene.
        stage.setWidth(1240);
        stage.setHeight(780);
        stage.show();
    }

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void a_long_verdict_reason_wraps_in_the_level_table_instead_of_being_cut_and_nothing_else_is_cut(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Clipping.ellipsized(root)).isEmpty();
        assertThat(robot.lookup(".level-table .wrapping-column")
                .lookup((Text t) -> t.getText().equals("invalid: " + LONG_REASON)).queryAll()).hasSize(3);
        assertThat(robot.lookup(".level-table .row-invalid").queryAll()).hasSize(3).allSatisfy(n ->
                assertThat(((TableRow<?>) n).getTooltip().getText()).isEqualTo(LONG_REASON));
        assertThat(robot.lookup(".energy-label").queryLabeled().getText())
                .isEqualTo("Energy: simulated (counter, reference engine)");
    }

    @Test
    void the_req_per_s_and_ttft_headers_say_what_the_figure_is_in_the_words_the_results_use(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        var table = robot.lookup(".level-table").queryAs(javafx.scene.control.TableView.class);
        java.util.Map<String, String> meanings = new java.util.HashMap<>();
        for (Object c : table.getColumns()) {
            var column = (javafx.scene.control.TableColumn<?, ?>) c;
            meanings.put(io.joulebench.app.fx.Columns.title(column), io.joulebench.app.fx.Columns.meaning(column));
        }
        assertThat(meanings.get("Req/s")).startsWith(io.joulebench.core.results.LevelFigures.REQUEST_RATE_MEANING);
        assertThat(meanings.get("TTFT p99\nms")).startsWith(io.joulebench.core.results.LevelFigures.TTFT_P99_MEANING);
        assertThat(robot.lookup(".level-table .column-header .label")
                .match((javafx.scene.control.Label l) -> "Req/s".equals(l.getText()) && l.getTooltip() != null)
                .queryAll()).isNotEmpty();
    }
}
