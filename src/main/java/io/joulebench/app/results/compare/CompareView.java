package io.joulebench.app.results.compare;

import io.joulebench.app.fx.AxisLabels;
import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.ChartOverlay;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.OverlayLineChart;
import io.joulebench.app.fx.OverlayScatterChart;
import io.joulebench.app.live.WindowChartView;
import io.joulebench.core.compare.Comparer.CellKey;
import io.joulebench.core.compare.Comparison;
import io.joulebench.core.compare.Configuration;
import io.joulebench.core.compare.Estimate;
import io.joulebench.core.compare.Formats;
import io.joulebench.core.compare.Level;
import io.joulebench.core.slo.LevelMetric;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The results browser's Compare tab: tick loaded runs, choose the baseline, the SLO and the front's latency; see
 * J/token vs rate with 95 % interval bars, J/token vs the latency with the Pareto front, the operating points and
 * the verdicts; export the CSV and the HTML report of {@code joulebench compare}, and each chart as PNG.
 */
public final class CompareView {

    private final CompareViewModel vm;
    private final FileDialogs dialogs;
    private final BorderPane root = new BorderPane();
    private final OverlayLineChart energy;
    private final OverlayScatterChart front;
    private final TableView<CompareRows.OperatingRow> points = new TableView<>();
    private final ListView<String> verdicts = new ListView<>();

    public CompareView(CompareViewModel vm, FileDialogs dialogs) {
        this.vm = vm;
        this.dialogs = dialogs;
        root.setId("compare-view");
        root.getStylesheets().add(java.util.Objects.requireNonNull(
                CompareView.class.getResource("compare.css")).toExternalForm());

        ListView<Choice<Path>> runs = new ListView<>(vm.runs());
        runs.setId("compare-runs");
        runs.setCellFactory(CheckBoxListCell.forListView(Choice::includedProperty));
        runs.setPlaceholder(new Label("Open results folders first"));
        runs.setPrefHeight(90);
        runs.setMaxHeight(200);
        ListView<Choice<CellKey>> cells = new ListView<>(vm.cells());
        cells.setId("compare-cells");
        cells.setCellFactory(CheckBoxListCell.forListView(Choice::includedProperty));
        cells.setPlaceholder(new Label("No cells"));
        cells.setPrefHeight(150);
        ComboBox<Choice<Path>> baseline = new ComboBox<>(vm.included());
        baseline.setId("compare-baseline");
        baseline.setPromptText("first ticked run");
        baseline.setMaxWidth(Double.MAX_VALUE);
        baseline.valueProperty().bindBidirectional(vm.baselineProperty());
        TextField slo = new TextField();
        slo.setId("compare-slo");
        slo.textProperty().bindBidirectional(vm.sloProperty());
        slo.setOnAction(e -> vm.applySlo());
        Button apply = new Button("Apply");
        apply.setOnAction(e -> vm.applySlo());
        HBox sloRow = new HBox(4, slo, apply);
        HBox.setHgrow(slo, Priority.ALWAYS);
        Label sloError = new Label();
        sloError.getStyleClass().add("compare-error");
        sloError.setWrapText(true);
        sloError.textProperty().bind(vm.inputErrorProperty());
        sloError.managedProperty().bind(sloError.textProperty().isNotEmpty());
        ComboBox<LevelMetric> latency = new ComboBox<>();
        latency.setId("compare-latency");
        latency.getItems().setAll(LevelMetric.latencies());
        latency.setConverter(new StringConverter<>() {
            @Override
            public String toString(LevelMetric m) {
                return m == null ? "" : m.shortName();
            }

            @Override
            public LevelMetric fromString(String s) {
                return LevelMetric.byName(s).orElse(LevelMetric.TTFT_P99);
            }
        });
        latency.valueProperty().bindBidirectional(vm.latencyProperty());
        latency.setMaxWidth(Double.MAX_VALUE);
        Button csv = new Button("Export CSV…");
        csv.setId("compare-export-csv");
        csv.disableProperty().bind(vm.comparisonProperty().isNull());
        csv.setOnAction(e -> dialogs.chooseSaveFile("Export the comparison", "comparison.csv")
                .ifPresent(vm::exportCsv));
        Button html = new Button("Export report…");
        html.setId("compare-export-html");
        html.disableProperty().bind(vm.comparisonProperty().isNull());
        html.setOnAction(e -> dialogs.chooseSaveFile("Export the comparison report", "comparison.html")
                .ifPresent(vm::exportHtml));
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        progress.setMaxWidth(Double.MAX_VALUE);
        Label status = new Label();
        status.setId("compare-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        VBox left = new VBox(6, new Label("Runs to compare"), runs, new Label("Cells (rate · cycle · run)"), cells,
                new Label("Baseline"), baseline,
                new Label("SLO (key=value, …)"), sloRow, sloError, new Label("Latency for the front"), latency,
                new HBox(6, csv, html), progress, status);
        left.setPadding(new Insets(0, 8, 0, 0));
        left.setMinWidth(200);
        left.setPrefWidth(250);
        VBox.setVgrow(runs, Priority.SOMETIMES);
        VBox.setVgrow(cells, Priority.SOMETIMES);

        energy = new OverlayLineChart(axis("request rate (req/s)"), axis("J / output token"));
        energy.setId("compare-energy-chart");
        front = new OverlayScatterChart(axis("latency"), axis("J / output token"));
        front.setId("compare-front-chart");
        for (var c : List.of(energy, front)) {
            c.getStyleClass().add("compare-chart"); // titles wrap instead of ending in "…" (compare.css)
            c.setMinSize(240, 200);
            c.setAnimated(false);
        }
        VBox energyBox = chartBox(energy, "compare-energy.png");
        VBox frontBox = chartBox(front, "compare-front.png");
        HBox charts = new HBox(8, energyBox, frontBox);
        HBox.setHgrow(energyBox, Priority.ALWAYS);
        HBox.setHgrow(frontBox, Priority.ALWAYS);

        points.setId("compare-operating-points");
        points.getColumns().setAll(List.of(column("configuration", CompareRows.OperatingRow::label, 160),
                column("rate", CompareRows.OperatingRow::rate, 70), column("J/token",
                        CompareRows.OperatingRow::jPerToken, 70), column("95 % CI", CompareRows.OperatingRow::ci, 130),
                column("kind", CompareRows.OperatingRow::kind, 80), column("note", CompareRows.OperatingRow::note,
                        420)));
        points.setPlaceholder(new Label("No comparison yet"));
        verdicts.setId("compare-verdicts");
        verdicts.setCellFactory(list -> new javafx.scene.control.ListCell<>() {
            {
                setWrapText(true);
                prefWidthProperty().bind(list.widthProperty().subtract(24));
                setMaxWidth(javafx.scene.control.Control.USE_PREF_SIZE);
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
            }
        });
        verdicts.setPlaceholder(new Label("No verdicts yet"));
        VBox pointsBox = new VBox(4, new Label("Operating points at the SLO"), points);
        VBox verdictBox = new VBox(4, new Label("Verdicts against the baseline"), verdicts);
        VBox.setVgrow(points, Priority.ALWAYS);
        VBox.setVgrow(verdicts, Priority.ALWAYS);
        SplitPane tables = new SplitPane(pointsBox, verdictBox);
        tables.setOrientation(Orientation.HORIZONTAL);
        tables.setDividerPositions(0.56);
        SplitPane center = new SplitPane(charts, tables);
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.62);

        SplitPane split = new SplitPane(left, center);
        split.setDividerPositions(0.2);
        SplitPane.setResizableWithParent(left, false);
        root.setCenter(split);
        root.setPadding(new Insets(8));
        vm.comparisonProperty().addListener((o, a, b) -> show(b));
        show(vm.comparisonProperty().get());
    }

    /** The Compare tab for the results browser. */
    public static Tab tab(CompareViewModel vm, FileDialogs dialogs) {
        Tab t = new Tab("Compare", new CompareView(vm, dialogs).node());
        t.setId("results-compare-tab");
        return t;
    }

    private VBox chartBox(XYChart<Number, Number> chart, String fileName) {
        // the snapshot here, the PNG written by the view model off the FX thread
        ChartImages.Saver images = new ChartImages.Saver(dialogs, vm::saveImage);
        ChartImages.install(chart, fileName, images);
        Button save = new Button("Save PNG…");
        save.setTooltip(new javafx.scene.control.Tooltip("Save the chart as PNG (also on its right-click menu, with"
                + " Copy image)"));
        save.setOnAction(e -> images.save(chart, fileName));
        HBox bar = new HBox(save);
        bar.setAlignment(Pos.CENTER_RIGHT);
        VBox box = new VBox(2, chart, bar);
        VBox.setVgrow(chart, Priority.ALWAYS);
        return box;
    }

    private static NumberAxis axis(String label) {
        NumberAxis a = new NumberAxis();
        a.setLabel(label);
        a.setForceZeroInRange(false);
        return a;
    }

    private static TableColumn<CompareRows.OperatingRow, String> column(String name,
            Function<CompareRows.OperatingRow, String> value, double width) {
        TableColumn<CompareRows.OperatingRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private void show(Comparison cmp) {
        points.getItems().setAll(CompareRows.operatingPoints(cmp));
        verdicts.getItems().setAll(CompareRows.verdicts(cmp));
        energy.getData().clear();
        front.getData().clear();
        if (cmp == null) {
            energy.overlay().set(List.of(), List.of(), List.of());
            front.overlay().set(List.of(), List.of(), List.of());
            front.overlay().setMarkers(List.of());
            energy.setTitle("J/token vs request rate");
            front.setTitle("J/token vs latency");
            return;
        }
        // the label leads: a narrow window cuts a chart title at its end, and SIMULATED must stay readable
        String prefix = cmp.notMeasured() ? String.join("+", cmp.energyKinds().stream()
                .filter(k -> !k.equals("measured")).map(k -> k.toUpperCase(java.util.Locale.ROOT)).toList()) + " — "
                : "";
        LevelMetric lat = cmp.latency();
        energy.setTitle(prefix + "J/token vs rate, 95 % CI");
        double lo = cmp.levels().stream().mapToDouble(l -> l.metric(lat)).filter(v -> v > 0).min().orElse(1);
        double hi = cmp.levels().stream().mapToDouble(l -> l.metric(lat)).filter(v -> v > 0).max().orElse(1);
        boolean log = hi / lo >= 20;
        front.setTitle(prefix + "J/token vs " + lat.shortName() + ", front ◆");
        NumberAxis fx = (NumberAxis) front.getXAxis();
        fx.setLabel(lat.column() + (log ? " (log scale)" : ""));
        fx.setTickLabelFormatter(log ? new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return Formats.number(Math.round(Math.pow(10, n.doubleValue()) * 10) / 10.0);
            }

            @Override
            public Number fromString(String s) {
                return Math.log10(Double.parseDouble(s));
            }
        } : new NumberAxis.DefaultFormatter(fx));
        if (log) {
            fx.setAutoRanging(false);
            fx.setLowerBound(Math.floor(Math.log10(lo)));
            fx.setUpperBound(Math.max(Math.ceil(Math.log10(hi)), Math.floor(Math.log10(lo)) + 1));
            fx.setTickUnit(1);
        } else {
            fx.setAutoRanging(true);
        }
        double top = cmp.levels().stream().mapToDouble(l -> Math.max(l.jPerToken().value(),
                l.jPerToken().hasInterval() ? l.jPerToken().ciHigh() : 0)).filter(Double::isFinite).max().orElse(0);
        for (var c : List.of(energy, front)) {
            if (top > 0) {
                AxisLabels.fixedFromZero((NumberAxis) c.getYAxis(), WindowChartView.niceCeiling(top * 1.08), 10);
            } else {
                ((NumberAxis) c.getYAxis()).setAutoRanging(true);
            }
        }
        List<ChartOverlay.Bar> eBars = new ArrayList<>();
        List<ChartOverlay.Mark> eMarks = new ArrayList<>();
        List<ChartOverlay.Bar> fBars = new ArrayList<>();
        List<ChartOverlay.Mark> fMarks = new ArrayList<>();
        for (Configuration c : cmp.configurations()) {
            XYChart.Series<Number, Number> es = new XYChart.Series<>();
            es.setName(c.label());
            XYChart.Series<Number, Number> fs = new XYChart.Series<>();
            fs.setName(c.label());
            for (Level l : cmp.levelsOf(c)) {
                Estimate e = l.jPerToken();
                if (!Double.isFinite(e.value()) || Double.isNaN(l.rate())) {
                    continue;
                }
                es.getData().add(new XYChart.Data<>(l.rate(), e.value()));
                if (e.hasInterval()) {
                    eBars.add(new ChartOverlay.Bar(l.rate(), Math.max(0, e.ciLow()), e.ciHigh(), "spread-bar"));
                }
                if (!l.valid()) {
                    eMarks.add(new ChartOverlay.Mark(l.rate(), e.value(), "invalid", "compare-invalid-mark"));
                }
                double x = l.metric(lat);
                if (x > 0) {
                    double px = log ? Math.log10(x) : x;
                    fs.getData().add(new XYChart.Data<>(px, e.value()));
                    if (e.hasInterval()) {
                        fBars.add(new ChartOverlay.Bar(px, Math.max(0, e.ciLow()), e.ciHigh(), "spread-bar"));
                    }
                    if (!l.valid() && !l.onParetoFront()) {
                        fMarks.add(new ChartOverlay.Mark(px, e.value(), "invalid", "compare-invalid-mark"));
                    }
                }
            }
            energy.getData().add(es);
            front.getData().add(fs);
        }
        energy.overlay().set(List.of(), eBars, eMarks);
        front.overlay().set(List.of(), fBars, fMarks);
        // the front's coordinates from its one owner (as the HTML report's staircase), the diamond on the point
        front.overlay().setMarkers(cmp.front().stream().filter(p -> p.latency() > 0).map(p -> new ChartOverlay.Marker(
                log ? Math.log10(p.latency()) : p.latency(), p.jPerToken(),
                "front " + Formats.rate(p.level().rate()), "front-marker")).toList());
        energy.refreshOverlay();
        front.refreshOverlay();
    }

    public Node node() {
        return root;
    }
}
