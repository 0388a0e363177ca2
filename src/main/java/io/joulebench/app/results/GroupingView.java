package io.joulebench.app.results;

import io.joulebench.app.fx.Columns;
import io.joulebench.app.fx.Formats;
import io.joulebench.core.compare.RatioEstimator;
import io.joulebench.core.results.LevelFigures;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/** Windows grouped by rate (and optionally cycle): each level's J/token ratio estimate, min–max or 95 % interval. */
public final class GroupingView {

    private final BorderPane root = new BorderPane();

    public GroupingView(ResultsViewModel vm) {
        CheckBox byCycle = new CheckBox("Group by cycle");
        byCycle.selectedProperty().bindBidirectional(vm.groupByCycleProperty());
        ChoiceBox<Interval> interval = new ChoiceBox<>();
        interval.getItems().setAll(Interval.values());
        interval.valueProperty().bindBidirectional(vm.intervalProperty());
        HBox controls = new HBox(12, byCycle, new Label("Spread:"), interval);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6, 0, 6, 0));

        TableView<RateGroup> table = new TableView<>(vm.groups());
        table.setId("grouping-table");
        table.setPlaceholder(new Label("No windows with a rate and J/token loaded."));
        table.getColumns().setAll(java.util.List.of(
                width(Columns.text("Series", RateGroup::series), 150),
                width(Columns.number("Rate (req/s)", RateGroup::rate, 3), 92),
                width(Columns.text("Cycle", g -> g.cycle() == null ? "all (" + g.cycles() + ")" : g.cycle().toString()),
                        64),
                width(Columns.number("Windows", g -> (double) g.windows(), 0), 72),
                // Four significant digits in every row: 0.4537 and 0.2534, not 0.4537 and 0.25342.
                width(Columns.explained(Columns.number("J/token", RateGroup::jPerToken,
                        v -> Formats.significant(v, 4, 5)), RatioEstimator.MEANING), 104),
                width(Columns.text("Spread", g -> spread(g, vm.intervalProperty().get())), 150),
                width(Columns.text("Across", RateGroup::basis), 72),
                width(Columns.explained(Columns.number("TTFT p99 ms", RateGroup::meanTtftP99Ms, 0),
                        LevelFigures.TTFT_P99_MEANING), 112),
                width(Columns.explained(Columns.number("Req/s", RateGroup::requestRateReqS, 2),
                        LevelFigures.REQUEST_RATE_MEANING), 72),
                width(Columns.number("Invalid", g -> (double) g.invalidWindows(), 0), 64),
                width(Columns.text("SLO", g -> g.sloPass() == null ? "—" : g.sloPass() ? "pass" : "fail"), 56)));
        vm.intervalProperty().addListener((o, a, b) -> table.refresh());
        // The series column is as wide as its longest name, so none is cut off.
        TableColumn<RateGroup, ?> series = table.getColumns().get(0);
        series.setId("grouping-series");
        Runnable fitSeries = () -> series.setPrefWidth(Math.max(150, vm.groups().stream()
                .mapToDouble(g -> Columns.headerWidth(g.series(), 13)).max().orElse(0)));
        vm.groups().addListener((javafx.collections.ListChangeListener<RateGroup>) c -> fitSeries.run());
        fitSeries.run();
        root.setTop(controls);
        root.setCenter(table);
    }

    private static <C extends TableColumn<RateGroup, ?>> C width(C column, double width) {
        column.setPrefWidth(width);
        return column;
    }

    static String spread(RateGroup g, Interval interval) {
        double lo = g.low(interval);
        double hi = g.high(interval);
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            return "— (one value)";
        }
        return Formats.number(lo, 4) + " – " + Formats.number(hi, 4);
    }

    public BorderPane node() {
        return root;
    }
}
