package io.joulebench.app.results.compare;

import static io.joulebench.core.compare.CompareFixtures.folder;
import static io.joulebench.core.compare.CompareFixtures.level;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Compare tab of the results browser, in the whole workbench, over two hand-written results folders. */
@ExtendWith(ApplicationExtension.class)
class CompareViewTest {

    @TempDir
    Path tmp;

    private final TestServices services = new TestServices();
    private AppContext context;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        context = new AppContext(services.services(new RunBackend(LiveSnapshot::idle, new FakeRunController()),
                new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void two_loaded_runs_show_charts_operating_points_and_a_verdict(FxRobot robot) throws Exception {
        Path a = folder(tmp.resolve("a"), "s", "reference", null, level(8, new double[] {120, 131, 125.5},
                new long[] {1000, 1080, 1010}));
        Path b = folder(tmp.resolve("b"), "s", "reference", 8, level(8, new double[] {100, 104, 99},
                new long[] {1000, 1010, 990}));
        robot.interact(() -> {
            context.shell().results().open(a);
            context.shell().results().open(b);
        });
        robot.clickOn("#nav-results");
        robot.clickOn("Compare");
        ListView<String> verdicts = robot.lookup("#compare-verdicts").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !verdicts.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(verdicts.getItems().get(0)).startsWith("max_num_seqs=8 uses 17.1 % less energy per token");
        assertThat(robot.lookup("#compare-operating-points").queryAs(TableView.class).getItems()).hasSize(2);
        XYChart<Number, Number> energy = robot.lookup("#compare-energy-chart").queryAs(XYChart.class);
        assertThat(energy.getData()).extracting(XYChart.Series::getName)
                .containsExactly("max_num_seqs=default", "max_num_seqs=8");
        assertThat(robot.lookup("#compare-export-html").queryButton().isDisabled()).isFalse();
    }

    @Test
    void a_simulated_comparison_leads_each_chart_title_with_its_label(FxRobot robot) throws Exception {
        // At 1100x700 the chart titles are cut at their end: the SIMULATED label, once a suffix, was cut away.
        Path a = simulated(folder(tmp.resolve("a"), "s", "reference", null, level(8, new double[] {120, 131, 125.5},
                new long[] {1000, 1080, 1010})));
        Path b = simulated(folder(tmp.resolve("b"), "s", "reference", 8, level(8, new double[] {100, 104, 99},
                new long[] {1000, 1010, 990})));
        robot.interact(() -> {
            context.shell().results().open(a);
            context.shell().results().open(b);
        });
        robot.clickOn("#nav-results");
        robot.clickOn("Compare");
        XYChart<Number, Number> energy = robot.lookup("#compare-energy-chart").queryAs(XYChart.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> energy.getData().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(energy.getTitle()).startsWith("SIMULATED — J/token vs rate");
    }

    @Test
    @SuppressWarnings("unchecked")
    void each_front_marker_sits_on_its_levels_point(FxRobot robot) throws Exception {
        // Issue 35 item 3: the diamond was the first letter of a centred label, so it sat half a label to the left
        // of its point, and labels clamped at the edge piled up.
        java.util.List<io.joulebench.core.compare.CompareFixtures.W> ws = new java.util.ArrayList<>();
        double[][] levels = {{8, 120, 50}, {16, 100, 130}, {32, 80, 400}};
        for (double[] l : levels) {
            for (int i = 0; i < 3; i++) {
                ws.add(io.joulebench.core.compare.CompareFixtures.W.of(l[0], l[1] + i, 1000).window(i)
                        .latency(l[2], 10));
            }
        }
        Path a = folder(tmp.resolve("a"), "s", "reference", null, ws);
        robot.interact(() -> context.shell().results().open(a));
        robot.clickOn("#nav-results");
        robot.clickOn("Compare");
        XYChart<Number, Number> front = robot.lookup("#compare-front-chart").queryAs(XYChart.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> front.getData().size() == 1
                && front.getData().get(0).getData().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        java.util.List<javafx.geometry.Point2D> points = front.getData().get(0).getData().stream()
                .map(d -> centre(d.getNode())).toList();
        java.util.List<javafx.scene.Node> markers = robot.from(front).lookup(".front-marker").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.shape.Polygon).toList();
        assertThat(markers).hasSize(3);
        for (javafx.scene.Node m : markers) {
            javafx.geometry.Point2D c = centre(m);
            assertThat(points).as("marker at %s among the points %s", c, points)
                    .anyMatch(p -> p.distance(c) < 1.5);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void at_1100_by_700_no_chart_title_or_interval_is_cut(FxRobot robot) throws Exception {
        // Issue 35 item 19: "J/token vs rate, 95 …" and the 95 % CI column ended in "…".
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        Path a = simulated(folder(tmp.resolve("a"), "s", "reference", null, level(8, new double[] {120, 131, 125.5},
                new long[] {1000, 1080, 1010})));
        Path b = simulated(folder(tmp.resolve("b"), "s", "reference", 8, level(8, new double[] {100, 104, 99},
                new long[] {1000, 1010, 990})));
        robot.interact(() -> {
            context.shell().results().open(a);
            context.shell().results().open(b);
        });
        robot.clickOn("#nav-results");
        robot.clickOn("Compare");
        XYChart<Number, Number> energy = robot.lookup("#compare-energy-chart").queryAs(XYChart.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> energy.getData().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : java.util.List.of("#compare-energy-chart", "#compare-front-chart")) {
            assertThat(io.joulebench.app.fx.Clipping.ellipsized(robot.lookup(id).queryAs(javafx.scene.Parent.class)))
                    .as(id).isEmpty();
        }
        TableView<CompareRows.OperatingRow> points = robot.lookup("#compare-operating-points").queryAs(
                TableView.class);
        java.util.List<String> cis = points.getItems().stream().map(CompareRows.OperatingRow::ci)
                .filter(t -> !t.isEmpty()).toList();
        assertThat(cis).isNotEmpty();
        assertThat(io.joulebench.app.fx.Clipping.ellipsized(points))
                .noneMatch(cut -> cis.stream().anyMatch(ci -> cut.startsWith(ci + " → ")))
                .noneMatch(cut -> cut.startsWith("95 % CI"));
    }

    private static javafx.geometry.Point2D centre(javafx.scene.Node n) {
        javafx.geometry.Bounds b = n.localToScene(n.getBoundsInLocal());
        return new javafx.geometry.Point2D(b.getCenterX(), b.getCenterY());
    }

    private static Path simulated(Path folder) throws java.io.IOException {
        Path csv = folder.resolve("windows.csv");
        java.nio.file.Files.writeString(csv, java.nio.file.Files.readString(csv).replace(",measured,", ",simulated,"));
        return folder;
    }
}
