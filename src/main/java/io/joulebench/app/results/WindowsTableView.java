package io.joulebench.app.results;

import io.joulebench.app.fx.Columns;
import io.joulebench.app.fx.Formats;
import io.joulebench.core.results.WindowColumn;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.controlsfx.control.table.TableFilter;

/**
 * The windows of every loaded study: one column per windows.csv column (the main ones shown, the rest chosen from
 * the Columns menu), sortable, filterable (ControlsFX TableFilter), invalid rows marked with their reason as tooltip.
 * Headers are readable labels ("Rate (req/s)") broken between words, with the windows.csv field name in their
 * tooltip; {@code invalid_reason} comes last among the main columns, takes the width left over and shows one line
 * (the whole reason in its tooltip and the row's). A Run column names each row's results folder once several are
 * loaded. (The table's own column menu is off: the Columns menu names every column.)
 */
public final class WindowsTableView {

    /** The reason column never gets narrower than this (then the table scrolls sideways). */
    static final double REASON_MIN_WIDTH = 180;
    /** Significant digits shown in number cells, and at most as many decimals: at most 6 characters below 10^6. */
    static final int SHOWN_DIGITS = 4;
    /** As workbench.css sets the windows table's headers. */
    private static final Font HEADER_FONT = Font.font(null, FontWeight.BOLD, 12);
    private static final Font CELL_FONT = Font.font(13);
    /** Room around a header's text (padding, the sort arrow) and around a cell's. */
    private static final double HEADER_PAD = 16;
    private static final double CELL_PAD = 14;

    private final TableView<WindowRow> table = new TableView<>();
    private final TableFilter<WindowRow> filter;
    private final MenuButton columnChooser = new MenuButton("Columns");
    private final MenuButton filterChooser = new MenuButton("Filter");

    public WindowsTableView(ResultsViewModel vm) {
        table.setId("windows-table");
        table.getStyleClass().add("windows-table");
        table.setTableMenuButtonVisible(false);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setPlaceholder(new javafx.scene.control.Label("Open a results folder to see its windows."));
        table.setItems(vm.rows());
        List<TableColumn<WindowRow, ?>> columns = new ArrayList<>();
        // The main columns first, in their own order with the reason last; the rest after them, hidden until chosen.
        java.util.LinkedHashSet<String> order = new java.util.LinkedHashSet<>(WindowsCsvColumns.MAIN);
        order.remove(WindowsCsvColumns.INVALID_REASON);
        order.add(WindowsCsvColumns.INVALID_REASON);
        order.addAll(WindowsCsvColumns.ALL);
        TableColumn<WindowRow, String> reason = null;
        for (String name : order) {
            TableColumn<WindowRow, ?> c;
            if (name.equals(WindowsCsvColumns.INVALID_REASON)) {
                // One line (a wrapped reason made rows ~110 px tall even scrolled out of view); the whole
                // reason is the cell's and the row's tooltip.
                reason = oneLineWithTooltip(text(name));
                reason.setMinWidth(REASON_MIN_WIDTH);
                c = reason;
            } else {
                c = isNumeric(name) ? numeric(name) : text(name);
                c.setPrefWidth(widthFor(name));
            }
            c.setVisible(WindowsCsvColumns.MAIN.contains(name));
            columns.add(c);
        }
        TableColumn<WindowRow, String> run = new TableColumn<>("Run");
        run.setId(RUN_COLUMN);
        run.setCellValueFactory(f -> {
            LoadedStudy study = vm.studyOf(f.getValue());
            return new ReadOnlyObjectWrapper<>(study == null ? "" : study.label());
        });
        run.setPrefWidth(170);
        // Rows of several loaded runs are told apart by their run; with one run loaded the column says nothing.
        run.setVisible(vm.studies().size() > 1);
        vm.studies().addListener((ListChangeListener<LoadedStudy>) ch -> run.setVisible(vm.studies().size() > 1));
        columns.add(0, run);
        table.getColumns().setAll(columns);
        fillWithReason(reason);
        table.skinProperty().addListener((o, a, b) -> io.joulebench.app.fx.FxUiExecutor.later(this::installHeaderTips));
        for (TableColumn<WindowRow, ?> c : columns) {
            c.visibleProperty().addListener((o, a, b) -> io.joulebench.app.fx.FxUiExecutor.later(this::installHeaderTips));
        }
        columnChooser.setId("windows-columns");
        columnChooser.setTooltip(new Tooltip("Choose which windows.csv columns the table shows"));
        boolean separated = false;
        for (TableColumn<WindowRow, ?> c : columns) {
            if (c == run) {
                continue;
            }
            if (!separated && !WindowsCsvColumns.MAIN.contains(c.getId())) {
                // The main columns above, the rest of windows.csv below.
                columnChooser.getItems().add(new SeparatorMenuItem());
                separated = true;
            }
            CheckMenuItem item = new CheckMenuItem(label(c.getId()) + "  (" + c.getId() + ")");
            item.setMnemonicParsing(false);
            item.selectedProperty().bindBidirectional(c.visibleProperty());
            columnChooser.getItems().add(item);
        }
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
        filter = TableFilter.forTableView(table).lazy(true).apply();
        // A header sorts on any still click, the right button's too; the right click is the filter's menu, so it
        // must not also sort. The menu opens on the context-menu request, which this does not touch.
        table.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.PRIMARY && inHeader(e.getPickResult().getIntersectedNode())) {
                e.consume();
            }
        });
        // A visible way in to the filters besides a header's right-click: one item per shown column, opening that
        // column's filter under its header.
        filterChooser.setId("windows-filter");
        filterChooser.setTooltip(new Tooltip("Filter the windows table by a column's values (also on a column"
                + " header's right-click)"));
        filterChooser.setOnShowing(e -> {
            filterChooser.getItems().clear();
            for (TableColumn<WindowRow, ?> c : table.getVisibleLeafColumns()) {
                if (c.getId() == null) {
                    continue;
                }
                MenuItem item = new MenuItem(c.getId().equals(RUN_COLUMN) ? "Run" : label(c.getId()));
                item.setMnemonicParsing(false);
                item.setOnAction(a -> io.joulebench.app.fx.FxUiExecutor.later(() -> openFilter(c)));
                filterChooser.getItems().add(item);
            }
        });
        // What the table shows after its filters is what "Export shown" writes.
        ListChangeListener<WindowRow> follow = c -> vm.showing(List.copyOf(table.getItems()));
        table.getItems().addListener(follow);
        table.itemsProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removeListener(follow);
            }
            b.addListener(follow);
            vm.showing(List.copyOf(b));
        });
    }

    /** The id of the column naming each row's loaded run (results folder). */
    static final String RUN_COLUMN = "run";

    /**
     * Readable words for the main columns, without their unit (the column's {@link WindowColumn#unit()} is added);
     * the windows.csv field name is the header's tooltip.
     */
    static final java.util.Map<String, String> LABELS = java.util.Map.ofEntries(
            java.util.Map.entry(WindowsCsvColumns.STUDY_NAME, "Study"),
            java.util.Map.entry(WindowsCsvColumns.CYCLE, "Cycle"),
            java.util.Map.entry(WindowsCsvColumns.RATE_REQ_S, "Rate"),
            java.util.Map.entry(WindowsCsvColumns.WINDOW_INDEX, "Window"),
            java.util.Map.entry(WindowsCsvColumns.LEVEL_INDEX, "Level"),
            java.util.Map.entry(WindowsCsvColumns.J_PER_TOKEN, "J/token"),
            java.util.Map.entry(WindowColumn.MJ_PER_TOKEN.header(), "mJ/token"),
            java.util.Map.entry(WindowColumn.MJ_PER_TOKEN_ADJUSTED.header(), "Adjusted"),
            java.util.Map.entry(WindowsCsvColumns.LEVEL_VALID, "Level valid"),
            java.util.Map.entry(WindowsCsvColumns.LEVEL_COV, "Level CV"),
            java.util.Map.entry(WindowsCsvColumns.INVALID_REASON, "Why invalid"),
            java.util.Map.entry(WindowsCsvColumns.TTFT_P99_MS, "TTFT p99"),
            java.util.Map.entry(WindowsCsvColumns.SLO_PASS, "SLO pass"),
            java.util.Map.entry(WindowsCsvColumns.ENERGY_J, "Energy"),
            java.util.Map.entry(WindowsCsvColumns.MEAN_POWER_W, "Mean power"),
            java.util.Map.entry(WindowsCsvColumns.OUTPUT_TOKENS, "Output tokens"),
            java.util.Map.entry(WindowsCsvColumns.OUTPUT_TOKENS_PER_S, "Output"),
            java.util.Map.entry(WindowsCsvColumns.REQUEST_THROUGHPUT_REQ_S, "Throughput"),
            java.util.Map.entry(WindowsCsvColumns.ENERGY_KIND, "Energy kind"));

    /**
     * A column's readable header: its words (its own label, or the field name in words less the suffix that abbreviates
     * its unit, such as {@code _ms} or {@code _req_s}) with the unit its {@link WindowColumn} declares in brackets,
     * unless the words already end with it ("dispatch_lag_p99_ms" → "Dispatch lag p99 (ms)", "issued" →
     * "Issued (requests)", "server_reported_output_tokens" stays in words).
     */
    static String label(String name) {
        String unit = WindowColumn.byHeader(name).map(WindowColumn::unit).orElse("");
        String words = LABELS.get(name);
        if (words == null) {
            // a unit spelled out as a word ("tokens") is part of the name's words; an abbreviation is its suffix
            boolean spelledOut = unit.length() > 2 && unit.chars().allMatch(Character::isLetter);
            String slug = "_" + unit.toLowerCase(java.util.Locale.ROOT).replace('/', '_');
            String base = !unit.isEmpty() && !spelledOut && name.endsWith(slug) && name.length() > slug.length()
                    ? name.substring(0, name.length() - slug.length()) : name;
            words = Character.toUpperCase(base.charAt(0)) + base.substring(1).replace('_', ' ');
        }
        return unit.isEmpty() || words.endsWith(unit) ? words : words + " (" + unit + ")";
    }

    /** Puts each header's windows.csv field name in its tooltip (headers are made by the skin, so after it). */
    private void installHeaderTips() {
        for (Node header : table.lookupAll(".column-header")) {
            String id = header instanceof javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() != null
                    ? h.getTableColumn().getId() : null;
            if (id != null && !id.equals(RUN_COLUMN) && WindowsCsvColumns.ALL.contains(id)) {
                Tooltip.install(header, new Tooltip(headerTip(id)));
            }
        }
    }

    /** A header's tooltip: the readable label, the windows.csv field, and how to filter. */
    static String headerTip(String id) {
        return label(id) + "\nwindows.csv column: " + id
                + "\nRight-click (or use Filter in the toolbar) to filter by its values.";
    }

    private static TableColumn<WindowRow, String> oneLineWithTooltip(TableColumn<WindowRow, String> column) {
        column.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                boolean blank = empty || item == null || item.isEmpty();
                setText(blank ? null : item);
                setWrapText(false);
                setTooltip(blank ? null : new Tooltip(item));
            }
        });
        column.getStyleClass().add("reason-column");
        return column;
    }

    /** The reason column takes the width the other visible columns leave, never less than its minimum. */
    private void fillWithReason(TableColumn<WindowRow, String> reason) {
        Runnable fit = () -> {
            double others = 0;
            for (TableColumn<WindowRow, ?> c : table.getColumns()) {
                if (c != reason && c.isVisible()) {
                    others += c.getWidth();
                }
            }
            // Leave room for the vertical scroll bar and the borders.
            reason.setPrefWidth(Math.max(REASON_MIN_WIDTH, table.getWidth() - others - 20));
        };
        table.widthProperty().addListener((o, a, b) -> fit.run());
        for (TableColumn<WindowRow, ?> c : table.getColumns()) {
            if (c != reason) {
                c.widthProperty().addListener((o, a, b) -> fit.run());
                c.visibleProperty().addListener((o, a, b) -> fit.run());
            }
        }
    }

    /** A column's preferred width: its widest header word (see {@link #headerText}) and a typical value both fit. */
    static double widthFor(String name) {
        return Math.ceil(Math.max(longestWord(name) + HEADER_PAD, textWidth(sample(name), CELL_FONT) + CELL_PAD));
    }

    /**
     * The header of a column: its readable {@link #label} in lines broken between words, each line as long as fits
     * the column's width ("Throughput (req/s)" → "Throughput" / "(req/s)" in a narrow column).
     */
    static String headerText(String name) {
        double room = widthFor(name) - HEADER_PAD;
        StringBuilder text = new StringBuilder();
        String line = "";
        for (String word : words(name)) {
            if (!line.isEmpty() && textWidth(line + " " + word, HEADER_FONT) > room) {
                text.append(line).append('\n');
                line = "";
            }
            line = line.isEmpty() ? word : line + " " + word;
        }
        return text.append(line).toString();
    }

    /** The words of a column's label. */
    private static List<String> words(String name) {
        return List.of(label(name).split(" "));
    }

    private static double longestWord(String name) {
        return words(name).stream().mapToDouble(w -> textWidth(w, HEADER_FONT)).max().orElse(0);
    }

    private static String sample(String name) {
        WindowColumn column = WindowColumn.byHeader(name).orElse(null);
        if (column == null) {
            return isNumeric(name) ? "000000" : "simulated-xx";
        }
        return switch (column) {
            case STUDY_NAME -> "quickstart-x";
            case ENERGY_KIND -> "simulated";
            case LEVEL_VALID, SLO_PASS -> "false";
            case CYCLE, WINDOW_INDEX, LEVEL_INDEX -> "00";
            case RATE_REQ_S -> "00000";
            default -> isNumeric(name) ? "000000" : "simulated-xx";
        };
    }

    private static double textWidth(String s, Font font) {
        Text t = new Text(s);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }

    /** Columns that hold numbers (sorted and aligned as numbers). */
    static boolean isNumeric(String column) {
        return !WindowsCsvColumns.isUserText(column) && !List.of(WindowsCsvColumns.CONFIG_HASH, "window_start_utc",
                WindowsCsvColumns.ENERGY_KIND, "energy_method", WindowsCsvColumns.LEVEL_VALID,
                WindowsCsvColumns.SLO_PASS, "warmup_converged", "warmup_timed_out").contains(column);
    }

    private static TableColumn<WindowRow, String> text(String name) {
        TableColumn<WindowRow, String> c = new TableColumn<>(headerText(name));
        c.setId(name);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue().text(name)));
        return c;
    }

    private static TableColumn<WindowRow, TableNumber> numeric(String name) {
        TableColumn<WindowRow, TableNumber> c = new TableColumn<>(headerText(name));
        c.setId(name);
        // The cell's value carries the text the table shows, so the column filter lists what the cells show.
        c.setCellValueFactory(f -> {
            OptionalDouble d = f.getValue().number(name);
            return new ReadOnlyObjectWrapper<>(d.isPresent() ? TableNumber.shown(name, d.getAsDouble(), SHOWN_DIGITS)
                    : null);
        });
        c.setComparator((a, b) -> Double.compare(a == null ? Double.MAX_VALUE : a.value(),
                b == null ? Double.MAX_VALUE : b.value()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(TableNumber item, boolean empty) {
                super.updateItem(item, empty);
                // Four significant digits keep the columns narrow; the tooltip has the value as written.
                setText(empty || item == null ? null : item.text());
                WindowRow row = empty ? null : getTableRow().getItem();
                setTooltip(row == null || item == null ? null : new Tooltip(row.text(name)));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    /** Opens {@code column}'s filter menu under its header (as a right-click on the header does). */
    void openFilter(TableColumn<WindowRow, ?> column) {
        javafx.scene.control.ContextMenu menu = column.getContextMenu();
        if (menu == null) {
            return;
        }
        Node anchor = table;
        for (Node header : table.lookupAll(".column-header")) {
            if (header instanceof javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() == column) {
                anchor = header;
            }
        }
        menu.show(anchor, javafx.geometry.Side.BOTTOM, 0, 0);
    }

    /** The menu of shown columns whose filter to open; the results view puts it in its toolbar. */
    public MenuButton filterChooser() {
        return filterChooser;
    }

    /** The menu of every column, each with a check mark for "shown"; the results view puts it in its toolbar. */
    public MenuButton columnChooser() {
        return columnChooser;
    }

    private static boolean inHeader(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof javafx.scene.control.skin.TableColumnHeader) {
                return true;
            }
        }
        return false;
    }

    /** The ControlsFX filter over the table (its menus sit on the column headers). */
    public TableFilter<WindowRow> filter() {
        return filter;
    }

    public TableView<WindowRow> node() {
        return table;
    }
}
