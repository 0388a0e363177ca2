package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.Clipping;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvExporter;
import io.joulebench.core.results.WindowsCsvTable;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The windows table on its own: the ControlsFX filter, the column chooser, reasons and nothing cut short. */
@ExtendWith(ApplicationExtension.class)
class WindowsTableViewTest {

    static final String LONG_REASON = "window-to-window J/token not steady: CV 0.117 > 0.05 over 3 windows "
            + "(the stability gate needs CV ≤ 0.05)";

    @TempDir
    static Path dir;
    private final TestServices services = new TestServices();
    private ResultsViewModel vm;
    private WindowsTableView view;
    private TableView<WindowRow> table;

    /** 1240 px: the headless screen is 1280 px wide, and about what the results view gives the table. */
    @Start
    void start(Stage stage) throws Exception {
        vm = new ResultsViewModel(services.preferences, services.errors, services.opened::add, ExportRunner.direct());
        vm.open(withLongReasons());
        view = new WindowsTableView(vm);
        table = view.node();
        stage.setScene(new Scene(new javafx.scene.layout.VBox(new javafx.scene.layout.HBox(view.columnChooser(),
                view.filterChooser()), table), 1240, 600));
        stage.getScene().getStylesheets().add(getClass()
                .getResource("/io/joulebench/app/workbench.css").toExternalForm());
        // The stage is shared with earlier tests that resized it: size it to this scene.
        stage.setWidth(1240);
        stage.setHeight(600);
        stage.show();
    }

    /** The fixture with its invalid level's reason replaced by a long one, as a real gate writes. */
    private static Path withLongReasons() throws Exception {
        Path folder = dir.resolve("long-reasons");
        if (!folder.toFile().exists()) {
            Fixtures.copyTo(dir, "long-reasons");
            List<WindowRow> rows = WindowsCsvTable.readFolder(folder).rows().stream().map(r -> {
                var cells = new LinkedHashMap<>(r.cells());
                if (!r.invalidReason().isEmpty()) {
                    cells.put("invalid_reason", LONG_REASON);
                }
                return new WindowRow(cells);
            }).toList();
            WindowsCsvExporter.write(rows, folder.resolve("windows.csv"), (d, t) -> { });
        }
        return folder;
    }

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @SuppressWarnings("unchecked")
    private TableColumn<WindowRow, ?> column(String id) {
        return table.getColumns().stream().filter(c -> id.equals(c.getId())).findFirst().orElseThrow();
    }

    @Test
    void the_table_filter_keeps_only_the_chosen_values_and_resets_to_all_rows(FxRobot robot) {
        assertThat(table.getItems()).hasSize(9);
        robot.interact(() -> {
            view.filter().unSelectAllValues(column("rate_req_s"));
            view.filter().selectValue(column("rate_req_s"), TableNumber.of(32, WindowsTableView.SHOWN_DIGITS));
            view.filter().executeFilter();
        });
        assertThat(table.getItems()).hasSize(3).allSatisfy(r -> assertThat(r.rate().getAsDouble()).isEqualTo(32.0));
        // Filters combine: the 32 req/s windows are the invalid ones, so asking for valid ones leaves none.
        robot.interact(() -> {
            view.filter().unSelectAllValues(column("level_valid"));
            view.filter().selectValue(column("level_valid"), "true");
            view.filter().executeFilter();
        });
        assertThat(table.getItems()).isEmpty();
        robot.interact(() -> view.filter().resetAllFilters());
        assertThat(table.getItems()).hasSize(9);
    }

    @Test
    void a_column_filter_lists_values_as_the_table_shows_them_and_opens_from_a_visible_menu(FxRobot robot) {
        // Issue 35 item 20: the filter listed "2.0, 8.0, 32.0" where the table shows 2, 8, 32, and opened only by
        // a right-click on a header.
        robot.interact(() -> view.filter().getColumnFilter(column("rate_req_s")).orElseThrow().initialize());
        assertThat(view.filter().getColumnFilter(column("rate_req_s")).orElseThrow().getFilterValues())
                .extracting(v -> String.valueOf(v.getValue())).containsExactlyInAnyOrder("2", "8", "32");
        robot.clickOn("#windows-filter");
        robot.clickOn("Rate (req/s)");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(column("rate_req_s").getContextMenu().isShowing()).isTrue();
        robot.interact(() -> column("rate_req_s").getContextMenu().hide());
    }

    @Test
    void an_export_of_all_writes_what_the_filtered_table_shows(FxRobot robot) {
        robot.interact(() -> {
            view.filter().unSelectAllValues(column("rate_req_s"));
            view.filter().selectValue(column("rate_req_s"), TableNumber.of(32, WindowsTableView.SHOWN_DIGITS));
            view.filter().executeFilter();
        });
        assertThat(vm.rowsToExport(false)).hasSize(3).allSatisfy(r -> assertThat(r.rate().getAsDouble())
                .isEqualTo(32.0));
        robot.interact(() -> view.filter().resetAllFilters());
        assertThat(vm.rowsToExport(false)).hasSize(9);
    }

    @Test
    void the_column_chooser_shows_a_hidden_column_and_hides_a_shown_one(FxRobot robot) {
        TableColumn<WindowRow, ?> experiment = column("experiment_id");
        TableColumn<WindowRow, ?> energy = column("energy_j");
        assertThat(experiment.isVisible()).isFalse();
        assertThat(energy.isVisible()).isTrue();
        // Every windows.csv column is on the menu by its label and name, the main ones first and checked.
        assertThat(view.columnChooser().getItems()).filteredOn(javafx.scene.control.CheckMenuItem.class::isInstance)
                .extracting(javafx.scene.control.MenuItem::getText).hasSize(table.getColumns().size() - 1)
                .startsWith("Study  (study_name)", "Cycle  (cycle)")
                .contains("Experiment id  (experiment_id)", "Why invalid  (invalid_reason)");

        robot.clickOn("#windows-columns");
        robot.clickOn(menuItem(robot, "Experiment id  (experiment_id)"));
        assertThat(experiment.isVisible()).isTrue();

        robot.clickOn("#windows-columns");
        robot.clickOn(menuItem(robot, "Energy (J)  (energy_j)"));
        assertThat(energy.isVisible()).isFalse();
    }

    private static Node menuItem(FxRobot robot, String name) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(".menu-item").match((Node n) -> n.lookupAll(".label").stream()
                .anyMatch(l -> name.equals(((Label) l).getText()))).query();
    }

    @Test
    void right_clicking_a_header_opens_its_filter_without_sorting_the_table(FxRobot robot) {
        // Issue 22 item 11: the right click that opens a column's filter also sorted by that column.
        WaitForAsyncUtils.waitForFxEvents();
        Node rate = robot.lookup(".column-header").match((Node n) -> n instanceof
                javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() != null
                && "rate_req_s".equals(h.getTableColumn().getId())).query();
        robot.rightClickOn(rate);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSortOrder()).isEmpty();
        // (Monocle sends no context-menu request for a robot's right click; the menu is checked under Xvfb.)
        assertThat(column("rate_req_s").getContextMenu()).as("the filter's menu").isNotNull();
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        robot.clickOn(rate);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSortOrder()).as("a left click still sorts").containsExactly(column("rate_req_s"));
        robot.interact(() -> table.getSortOrder().clear());
    }

    @Test
    void headers_are_readable_labels_broken_between_words_with_the_field_name_in_their_tooltip(FxRobot robot) {
        assertThat(WindowsTableView.label("request_throughput_req_s")).isEqualTo("Throughput (req/s)");
        assertThat(WindowsTableView.label("dispatch_lag_p99_ms")).isEqualTo("Dispatch lag p99 (ms)");
        // Issue 15 item 2: units come from the column table (WindowColumn.unit), not typed into the labels
        assertThat(WindowsTableView.label("rate_req_s")).isEqualTo("Rate (req/s)");
        assertThat(WindowsTableView.label("energy_j")).isEqualTo("Energy (J)");
        assertThat(WindowsTableView.label("duration_s")).isEqualTo("Duration (s)");
        assertThat(WindowsTableView.label("goodput_tokens_s")).isEqualTo("Goodput (tokens/s)");
        assertThat(WindowsTableView.label("issued")).isEqualTo("Issued (requests)");
        assertThat(WindowsTableView.label("server_reported_output_tokens")).isEqualTo("Server reported output tokens");
        assertThat(io.joulebench.core.results.WindowColumn.inOrder()).allSatisfy(c ->
                assertThat(WindowsTableView.label(c.header())).as(c.header()).contains(c.unit()));
        String header = WindowsTableView.headerText("request_throughput_req_s");
        assertThat(header.replace("\n", " ")).isEqualTo("Throughput (req/s)");
        assertThat(header).doesNotContain("_");
        assertThat(column("j_per_token").getText()).isEqualTo("J/token");
        WaitForAsyncUtils.waitForFxEvents();
        Node rate = robot.lookup(".column-header").match((Node n) -> n instanceof
                javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() != null
                && "rate_req_s".equals(h.getTableColumn().getId())).query();
        assertThat(rate.getProperties().values()).anySatisfy(v -> assertThat(v).isInstanceOf(
                javafx.scene.control.Tooltip.class).extracting(t -> ((javafx.scene.control.Tooltip) t).getText())
                .asString().contains("windows.csv column: rate_req_s"));
    }

    @Test
    void every_header_tooltip_says_that_right_click_filters(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        var headers = robot.lookup(".column-header").match((Node n) -> n instanceof
                javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() != null
                && io.joulebench.core.results.WindowsCsvColumns.ALL.contains(h.getTableColumn().getId())
                && !h.getTableColumn().getId().equals(WindowsTableView.RUN_COLUMN)).queryAll();
        assertThat(headers).isNotEmpty();
        for (Node header : headers) {
            assertThat(header.getProperties().values()).anySatisfy(v -> assertThat(v).isInstanceOf(
                    javafx.scene.control.Tooltip.class).extracting(t -> ((javafx.scene.control.Tooltip) t).getText())
                    .asString().contains("Right-click").contains("Filter in the toolbar"));
        }
    }

    @Test
    void an_invalid_rows_reason_is_one_line_with_the_whole_reason_in_the_tooltips(FxRobot robot) {
        Set<Node> invalid = robot.lookup(".row-invalid").queryAll();
        assertThat(invalid).hasSize(3).allSatisfy(n ->
                assertThat(((TableRow<?>) n).getTooltip().getText()).isEqualTo(LONG_REASON));
        // Rows stay one line tall: a wrapped reason made them ~110 px.
        Set<Node> rows = robot.lookup(".table-row-cell").queryAll();
        double valid = robot.lookup(".table-row-cell").match((Node n) -> !n.getStyleClass().contains("row-invalid")
                && ((TableRow<?>) n).getItem() != null).query().getBoundsInLocal().getHeight();
        assertThat(invalid).allSatisfy(n -> assertThat(n.getBoundsInLocal().getHeight()).isEqualTo(valid));
        assertThat(robot.lookup(".reason-column").match((Node n) -> n instanceof javafx.scene.control.TableCell<?, ?> c
                && LONG_REASON.equals(c.getItem())).queryAll()).hasSize(3).allSatisfy(n -> assertThat(
                ((javafx.scene.control.TableCell<?, ?>) n).getTooltip().getText()).isEqualTo(LONG_REASON));
        assertThat(rows).isNotEmpty();
    }

    @Test
    void no_header_or_cell_of_the_main_columns_is_cut_short_and_the_reason_takes_the_width_left(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        // The reason alone may be cut to its one line (its tooltip has it whole).
        assertThat(Clipping.ellipsized(table)).allSatisfy(c -> assertThat(c).startsWith(LONG_REASON));
        double sum = table.getColumns().stream().filter(TableColumn::isVisible).mapToDouble(TableColumn::getWidth)
                .sum();
        assertThat(column("invalid_reason").getWidth()).isGreaterThanOrEqualTo(WindowsTableView.REASON_MIN_WIDTH);
        assertThat(sum).isBetween(table.getWidth() - 40, table.getWidth());
    }
}
