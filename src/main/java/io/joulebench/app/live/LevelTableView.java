package io.joulebench.app.live;

import io.joulebench.app.fx.Columns;
import io.joulebench.app.fx.Formats;
import io.joulebench.core.results.LevelFigures;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;

/**
 * One row per rate level: rate, windows, CV, TTFT p99, request throughput, and the verdict with its reason (and a
 * trace level's fidelity, a session level's sessions in flight, a lagging client's warning), last and wrapped so a long
 * reason makes the row taller instead of being cut off.
 */
public final class LevelTableView {

    private final TableView<LevelRow> table = new TableView<>();

    public LevelTableView(LiveViewModel vm) {
        table.setItems(vm.levelRows());
        table.getStyleClass().add("level-table");
        table.setPlaceholder(new javafx.scene.control.Label("Levels appear here as the run starts them."));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<LevelRow, String> verdict = Columns.wrapping(Columns.text("Verdict", LevelTableView::verdict));
        verdict.setId("level-verdict");
        verdict.setMinWidth(100);
        table.getColumns().setAll(java.util.List.of(
                width(Columns.number("Rate", LevelRow::rate, 2), 46),
                width(Columns.text("Windows", LevelRow::windowsText), 66),
                width(Columns.text("CV (limit)", LevelTableView::cv), 96),
                explained(width(Columns.number("TTFT p99\nms", LevelRow::ttftP99Ms, 0), 64),
                        LevelFigures.TTFT_P99_MEANING),
                explained(width(Columns.number("Req/s", LevelRow::requestThroughput, 2), 52),
                        LevelFigures.REQUEST_RATE_MEANING),
                verdict));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(LevelRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().removeAll("row-invalid", "row-valid");
                setTooltip(null);
                if (!empty && row != null) {
                    if (row.verdict() == Validity.INVALID) {
                        getStyleClass().add("row-invalid");
                    } else if (row.verdict() == Validity.VALID) {
                        getStyleClass().add("row-valid");
                    }
                    if (!row.reason().isEmpty()) {
                        setTooltip(new Tooltip(row.reason()));
                    }
                }
            }
        });
    }

    private static <T> TableColumn<LevelRow, T> explained(TableColumn<LevelRow, T> column, String meaning) {
        TableColumn<LevelRow, T> c = Columns.explained(column, meaning + "\n" + LevelFigures.PENDING_MEANING);
        return c;
    }

    private static <C extends TableColumn<LevelRow, ?>> C width(C column, double atLeast) {
        // A fixed width, its header whole: the width left over goes to the verdict, which wraps into it.
        double width = Math.max(atLeast, Columns.headerWidth(column.getText(), 13));
        column.setPrefWidth(width);
        column.setMinWidth(width);
        column.setMaxWidth(width);
        return column;
    }

    static String cv(LevelRow r) {
        String limit = Formats.number(r.cvThreshold() * 100, 1) + " %";
        return Double.isFinite(r.cv()) ? Formats.percent(r.cv()) + " (" + limit + ")" : "— (" + limit + ")";
    }

    static String verdict(LevelRow r) {
        String verdict = switch (r.verdict()) {
            case VALID -> r.reason().isEmpty() ? "valid" : "valid: " + r.reason();
            case PENDING -> "pending";
            case INVALID -> r.reason().isEmpty() ? "invalid" : "invalid: " + r.reason();
        };
        verdict = r.fidelity().isEmpty() ? verdict : verdict + "\n" + r.fidelity();
        verdict = r.sessionLevel() ? verdict + "\n" + r.sessionsText() : verdict;
        return r.clientWarning().isEmpty() ? verdict : verdict + "\n⚠ " + r.clientWarning();
    }

    public TableView<LevelRow> node() {
        return table;
    }
}
