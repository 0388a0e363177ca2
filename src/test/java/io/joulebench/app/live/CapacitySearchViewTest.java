package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.Clipping;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Prober;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.slo.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The live view of a run with a capacity search, at 1100×700: the search in front while it runs, with its probes,
 * SLO line and status, then the windows once the measured levels begin; and the window chart's level labels never
 * run into each other when many narrow levels share it.
 */
@ExtendWith(ApplicationExtension.class)
class CapacitySearchViewTest {

    private final TestServices services = new TestServices();
    private LiveViewModel vm;
    private Parent root;
    private List<SearchProgress> reports;

    @Start
    void start(Stage stage) throws InterruptedException {
        reports = new ArrayList<>();
        Prober prober = rate -> new Prober.Figures(Map.of(LevelMetric.TPOT_P50, rate / 2), 0);
        new CapacitySearch(4, 68, 1, new Slo(List.of(new Slo.Bound(LevelMetric.TPOT_P50, 15))), null)
                .run(prober, reports::add);
        vm = new LiveViewModel(RunBackend.none(), UiExecutor.direct(), (period, task) -> () -> { },
                services.confirmer, services.errors, LiveViewModel.DEFAULT_HZ);
        vm.apply(snapshot(1, List.of(), reports.get(3)));
        root = new LiveView(vm, () -> null).node();
        Scene scene = new Scene(root, 1100, 700);
        scene.getStylesheets().add(getClass().getResource("/io/joulebench/app/workbench.css").toExternalForm());
        stage.setScene(scene);
        stage.setWidth(1100);
        stage.setHeight(700);
        stage.show();
    }

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    private static LiveSnapshot snapshot(long version, List<WindowPoint> windows, SearchProgress search) {
        LiveSnapshot s = FakeLiveFeed.at(30);
        return new LiveSnapshot(version, s.state(), s.studyName(), s.energyKind(), s.energyLabel(), windows,
                s.power(), s.windowSpans(), s.warmupSpans(), s.rampSpans(), s.kpis(), s.progress(), s.levels(),
                s.jobs(), search);
    }

    @Test
    void the_search_is_in_front_while_it_runs_and_the_windows_once_measured_levels_begin(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        TabPane tabs = robot.lookup("#live-search-tabs").queryAs(TabPane.class);
        assertThat(tabs.getSelectionModel().getSelectedItem().getText()).isEqualTo("Capacity search");
        assertThat(robot.lookup("#capacity-status").queryAs(Label.class).getText())
                .isEqualTo("Searching: probe 4 of at most 8 · meets at 20 req/s · breaks at 36 req/s");
        assertThat(robot.lookup(".slo-rule-label").queryAs(Text.class).getText()).isEqualTo("tpot_p50_ms ≤ 15");
        assertThat(robot.lookup(".probe-order").queryAll()).hasSize(4);
        assertThat(Clipping.ellipsized(robot.lookup("#capacity-chart").queryAs(Parent.class))).isEmpty();

        robot.interact(() -> vm.apply(snapshot(2, FakeLiveFeed.at(30).windows(), reports.getLast())));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tabs.getSelectionModel().getSelectedItem().getText()).isEqualTo("Windows");
        assertThat(robot.lookup("#capacity-status").queryAs(Label.class).getText())
                .isEqualTo("capacity 30.0 req/s (bracket 30.0–31.0 req/s)");

        robot.interact(() -> vm.apply(snapshot(3, FakeLiveFeed.at(30).windows(), null)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#live-search-tabs").tryQuery()).as("a run without a search has no tabs").isEmpty();
    }

    @Test
    void level_labels_that_would_overlap_are_left_out(FxRobot robot) {
        List<WindowPoint> windows = new ArrayList<>();
        for (int level = 0; level < 24; level++) {
            windows.add(new WindowPoint(level, 0, 2 + level, 0.5, Validity.VALID, 0.01, 0.05));
        }
        robot.interact(() -> vm.apply(snapshot(4, windows, null)));
        WaitForAsyncUtils.waitForFxEvents();
        List<Bounds> firstLines = robot.lookup(".level-band-label").match((Text t) -> t.getText().endsWith("req/s"))
                .queryAllAs(Text.class).stream().map(Node::getBoundsInParent).toList();
        assertThat(firstLines).hasSizeBetween(2, 23);
        for (int i = 0; i < firstLines.size(); i++) {
            for (int j = i + 1; j < firstLines.size(); j++) {
                assertThat(firstLines.get(i).intersects(firstLines.get(j))).as("labels %d and %d", i, j).isFalse();
            }
        }
    }
}
