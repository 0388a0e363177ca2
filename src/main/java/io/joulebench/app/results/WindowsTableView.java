package io.joulebench.app.results;

import io.joulebench.app.fx.Formats;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import org.controlsfx.control.table.TableFilter;

/**
 * The windows of every loaded study: one column per windows.csv column (the main ones shown, the rest chosen from
 * the table menu), sortable, filterable (ControlsFX TableFilter), invalid rows marked with their reason as tooltip.
 */
public final class WindowsTableView {

    private final TableView<WindowRow> table = new TableView<>();

    public WindowsTableView(ResultsViewModel vm) {
        table.setId("windows-table");
        table.getStyleClass().add("windows-table");
        table.setTableMenuButtonVisible(true);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setPlaceholder(new javafx.scene.control.Label("Open a results folder to see its windows."));
        table.setItems(vm.rows());
        List<TableColumn<WindowRow, ?>> columns = new ArrayList<>();
        // The main columns first, in their own order; the rest after them, hidden until chosen.
        java.util.LinkedHashSet<String> order = new java.util.LinkedHashSet<>(WindowsCsvColumns.MAIN);
        order.addAll(WindowsCsvColumns.ALL);
        for (String name : order) {
            TableColumn<WindowRow, ?> c = isNumeric(name) ? numeric(name) : text(name);
            c.setVisible(WindowsCsvColumns.MAIN.contains(name));
            // Wide enough for the header, so column names are never cut short.
            c.setPrefWidth(name.equals(WindowsCsvColumns.INVALID_REASON) ? 280
                    : Math.max(64, 7.6 * name.length() + 26));
            columns.add(c);
        }
        table.getColumns().setAll(columns);
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(WindowRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().remove("row-invalid");
                setTooltip(null);
                if (!empty && row != null && row.levelValid().orElse(true) == Boolean.FALSE) {
                    getStyleClass().add("row-invalid");
                    String reason = row.invalidReason();
                    setTooltip(new Tooltip(reason.isEmpty() ? "level invalid (no reason recorded)" : reason));
                }
            }
        });
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<WindowRow>) c ->
                vm.selection().setAll(List.copyOf(table.getSelectionModel().getSelectedItems())));
        TableFilter.forTableView(table).lazy(true).apply();
    }

    /** Columns that hold numbers (sorted and aligned as numbers). */
    static boolean isNumeric(String column) {
        return !WindowsCsvColumns.isUserText(column) && !List.of(WindowsCsvColumns.CONFIG_HASH, "window_start_utc",
                WindowsCsvColumns.ENERGY_KIND, "energy_method", WindowsCsvColumns.LEVEL_VALID, WindowsCsvColumns.SLO_PASS,
                "warmup_converged", "warmup_timed_out").contains(column);
    }

    private static TableColumn<WindowRow, String> text(String name) {
        TableColumn<WindowRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue().text(name)));
        return c;
    }

    private static TableColumn<WindowRow, Double> numeric(String name) {
        TableColumn<WindowRow, Double> c = new TableColumn<>(name);
        c.setCellValueFactory(f -> {
            OptionalDouble d = f.getValue().number(name);
            return new ReadOnlyObjectWrapper<>(d.isPresent() ? d.getAsDouble() : null);
        });
        c.setComparator((a, b) -> Double.compare(a == null ? Double.MAX_VALUE : a, b == null ? Double.MAX_VALUE : b));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : Formats.number(item, 6));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    public TableView<WindowRow> node() {
        return table;
    }
}
