package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunBackend;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
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

@ExtendWith(ApplicationExtension.class)
class ResultsViewTest {

    private final TestServices services = new TestServices();
    private AppContext context;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        context = new AppContext(services.services(RunBackend.none(), new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    private TableView<WindowRow> openFixture(FxRobot robot) {
        robot.clickOn("#nav-results");
        services.dialogs.answers.add(Fixtures.quickstartFolder());
        robot.clickOn("#results-open");
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#windows-table").queryTableView();
    }

    @Test
    @SuppressWarnings("unchecked")
    void a_folder_opened_is_chosen_in_the_list_of_loaded_results(FxRobot robot) throws Exception {
        // Issue 35 item 11: the new run was listed while the old choice stayed.
        openFixture(robot);
        javafx.scene.control.ListView<LoadedStudy> list = robot.lookup("#results-studies").queryAs(
                javafx.scene.control.ListView.class);
        robot.interact(() -> list.getSelectionModel().select(0));
        Path copy = Fixtures.copyTo(dir, "second");
        services.dialogs.answers.add(copy);
        robot.clickOn("#results-open");
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> list.getItems().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(list.getSelectionModel().getSelectedItem().folder()).isEqualTo(copy.toAbsolutePath().normalize());
    }

    @Test
    void the_banner_that_appears_with_simulated_data_moves_no_button(FxRobot robot) {
        // Issue 35 item 20: the banner above the toolbar pushed the buttons down under the pointer.
        robot.clickOn("#nav-results");
        Node open = robot.lookup("#results-open").query();
        double before = open.localToScene(open.getBoundsInLocal()).getMinY();
        openFixture(robot);
        assertThat(robot.from(robot.lookup("#results-view").queryAll()).lookup(".estimate-banner")
                .queryLabeled().isVisible()).isTrue();
        // a banner is ~30 px tall; the toolbar's own height may change by a pixel or two with its contents
        assertThat(open.localToScene(open.getBoundsInLocal()).getMinY())
                .isCloseTo(before, org.assertj.core.data.Offset.offset(3.0));
    }

    @Test
    void file_choosers_open_in_the_results_folder_not_the_working_folder(FxRobot robot) {
        // Issue 35 item 17: every chooser opened in the working folder.
        openFixture(robot);
        services.dialogs.initialFolders.clear();
        robot.clickOn("#results-open"); // answered with nothing: cancelled
        robot.clickOn("#results-export-all");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(services.dialogs.initialFolders).containsExactly(Fixtures.quickstartFolder().getParent(),
                Fixtures.quickstartFolder());
    }

    @Test
    void the_results_view_loads_a_results_folder_into_the_windows_table(FxRobot robot) {
        TableView<WindowRow> table = openFixture(robot);
        assertThat(table.getItems()).hasSize(9);
        assertThat(table.getColumns()).extracting(c -> c.getId()).contains("j_per_token", "rate_req_s");
        assertThat(table.getColumns().stream().filter(c -> c.isVisible()).count()).isLessThan(20);
        // The 32 req/s level failed the stability gate: its rows are marked and explain why.
        Set<Node> invalid = robot.lookup(".row-invalid").queryAll();
        assertThat(invalid).hasSize(3).allSatisfy(n ->
                assertThat(((TableRow<?>) n).getTooltip().getText()).contains("above threshold"));
        assertThat(robot.from(robot.lookup("#results-view").queryAll()).lookup(".estimate-banner")
                .queryLabeled().getText()).startsWith("Simulated figures");
    }

    @Test
    void by_rate_shows_the_levels_j_per_token_to_the_same_four_significant_digits_in_every_row(FxRobot robot) {
        openFixture(robot);
        robot.clickOn("By rate");
        WaitForAsyncUtils.waitForFxEvents();
        TableView<RateGroup> groups = robot.lookup("#grouping-table").queryTableView();
        var mean = groups.getColumns().get(4);
        assertThat(io.joulebench.app.fx.Columns.title(mean)).isEqualTo("J/token");
        assertThat(io.joulebench.app.fx.Columns.meaning(mean))
                .isEqualTo(io.joulebench.core.compare.RatioEstimator.MEANING);
        java.util.List<String> shown = robot.from(groups).lookup(".table-cell").match((Node n) ->
                n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableColumn() == mean && c.getText() != null)
                .queryAll().stream().map(n -> ((javafx.scene.control.TableCell<?, ?>) n).getText()).toList();
        assertThat(shown).hasSize(3).allSatisfy(t -> assertThat(t.replaceFirst("^0\\.0*", "").replace(".", ""))
                .hasSize(4));
    }

    @Test
    void by_rate_shows_req_per_s_and_ttft_p99_as_the_level_figures_with_their_meaning(FxRobot robot) {
        openFixture(robot);
        robot.clickOn("By rate");
        WaitForAsyncUtils.waitForFxEvents();
        TableView<RateGroup> groups = robot.lookup("#grouping-table").queryTableView();
        var byTitle = new java.util.HashMap<String, javafx.scene.control.TableColumn<RateGroup, ?>>();
        groups.getColumns().forEach(c -> byTitle.put(io.joulebench.app.fx.Columns.title(c), c));
        assertThat(io.joulebench.app.fx.Columns.meaning(byTitle.get("Req/s")))
                .isEqualTo(io.joulebench.core.results.LevelFigures.REQUEST_RATE_MEANING);
        assertThat(io.joulebench.app.fx.Columns.meaning(byTitle.get("TTFT p99 ms")))
                .isEqualTo(io.joulebench.core.results.LevelFigures.TTFT_P99_MEANING);
        RateGroup first = groups.getItems().get(0);
        assertThat(first.requestRateReqS()).isFinite();
    }

    @Test
    void plots_draw_invalid_levels_hollow_colour_spread_bars_by_series_and_save_as_png(FxRobot robot)
            throws Exception {
        openFixture(robot);
        robot.clickOn("Plots");
        WaitForAsyncUtils.waitForFxEvents();
        Node energy = robot.lookup("#plot-energy").query();
        // The 32 req/s level failed the stability gate: its point alone is marked invalid.
        assertThat(robot.from(energy).lookup(".chart-line-symbol").queryAll()).hasSize(4) // 3 points, 1 legend
                .filteredOn(n -> ((Node) n).getPseudoClassStates().contains(PlotsView.INVALID)).hasSize(1);
        assertThat(robot.from(energy).lookup(".spread-bar").queryAll()).isNotEmpty()
                .allSatisfy(n -> assertThat(((Node) n).getStyleClass()).contains("series-color-0"));
        // Issue 35 item 7: the label is inside the chart (its title), so the saved image carries it
        assertThat(((javafx.scene.chart.XYChart<?, ?>) energy).getTitle()).startsWith("SIMULATED — ");
        assertThat(((javafx.scene.chart.XYChart<?, ?>) robot.lookup("#plot-ttft").query()).getTitle())
                .startsWith("SIMULATED — ");
        Path png = dir.resolve("energy.png");
        javafx.scene.control.ContextMenu menu = io.joulebench.app.fx.ChartImages.menuOf(energy);
        assertThat(menu).as("right-click offers Copy image and Save as PNG").isNotNull();
        assertThat(menu.getItems()).extracting(javafx.scene.control.MenuItem::getText).containsExactly(
                io.joulebench.app.fx.ChartImages.COPY, io.joulebench.app.fx.ChartImages.SAVE);
        services.dialogs.answers.add(png);
        robot.interact(() -> menu.getItems().get(1).fire());
        // written off the FX thread: wait for the file rather than expect it when the action returns
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> Files.isRegularFile(png)
                && Files.size(png) > 8);
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
        assertThat(head).containsExactly(0x89, 'P', 'N', 'G');
    }

    @Test
    void plots_of_a_geometric_sweep_offer_a_log_rate_axis_labelled_in_req_per_s(FxRobot robot) {
        openFixture(robot);
        robot.clickOn("Plots");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.chart.LineChart<?, ?> energy = robot.lookup("#plot-energy").query();
        javafx.scene.chart.NumberAxis x = (javafx.scene.chart.NumberAxis) energy.getXAxis();
        javafx.scene.control.CheckBox log = robot.lookup("#plot-log-rate").query();
        assertThat(log.isSelected()).as("2, 8, 32 is a geometric sweep").isTrue();
        assertThat(energy.getData().get(0).getData()).extracting(d -> ((Number) d.getXValue()).doubleValue())
                .containsExactly(Math.log10(2), Math.log10(8), Math.log10(32));
        assertThat(x.getLabel()).contains("log");
        assertThat(x.getTickLabelFormatter().toString(Math.log10(8))).isEqualTo("8");
        assertThat(energy.isVerticalZeroLineVisible()).as("x = 0 is 1 req/s on a log axis").isFalse();
        robot.clickOn(log);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(energy.getData().get(0).getData()).extracting(d -> ((Number) d.getXValue()).doubleValue())
                .containsExactly(2.0, 8.0, 32.0);
        assertThat(x.getLabel()).isEqualTo("request rate (req/s)");
    }

    @Test
    void export_all_writes_a_csv_with_a_row_per_window(FxRobot robot) throws Exception {
        openFixture(robot);
        Path out = dir.resolve("export/all.csv");
        services.dialogs.answers.add(out);
        robot.clickOn("#results-export-all");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !context.shell().results().exportingProperty().get());
        assertThat(services.errors.messages).isEmpty();
        WindowsCsvTable written = WindowsCsvTable.read(out);
        assertThat(written.rows()).hasSize(9);
        assertThat(written.rows()).extracting(WindowRow::experimentId).doesNotHaveDuplicates();
        assertThat(Files.readAllLines(out)).hasSize(10);
        // The export ran as a background task whose progress bar ends full, with a status line.
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#results-export-progress").queryAs(javafx.scene.control.ProgressBar.class)
                .getProgress()).isEqualTo(1.0);
        assertThat(robot.lookup("#results-export-status").queryLabeled().getText())
                .isEqualTo("Wrote 9 windows to all.csv");
    }

    @Test
    void export_selected_writes_only_the_selected_windows(FxRobot robot) throws Exception {
        TableView<WindowRow> table = openFixture(robot);
        robot.interact(() -> table.getSelectionModel().selectRange(0, 2));
        Path out = dir.resolve("selected.csv");
        services.dialogs.answers.add(out);
        robot.clickOn("#results-export-selected");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.exists(out)
                && !context.shell().results().exportingProperty().get());
        assertThat(WindowsCsvTable.read(out).rows()).hasSize(2);
    }
}
