package io.joulebench.app.live;

import io.joulebench.app.fx.AxisLabels;
import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.ChartOverlay;
import io.joulebench.app.fx.Formats;
import io.joulebench.app.fx.OverlayScatterChart;
import io.joulebench.core.study.DisplayNumber;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * J/token per window: x is the window's position across levels, points coloured valid, invalid or pending, and a
 * band per level labelled with its rate and its CV against the threshold.
 */
public final class WindowChartView {

    private final NumberAxis xAxis = new NumberAxis();
    private final NumberAxis yAxis = new NumberAxis();
    private final OverlayScatterChart chart = new OverlayScatterChart(xAxis, yAxis);
    private final VBox root = new VBox(chart, legend());
    private final XYChart.Series<Number, Number> valid = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> invalid = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> pending = new XYChart.Series<>();

    public WindowChartView(ObservableValue<WindowChartModel> model) {
        this(model, null);
    }

    /** @param images where "Save as PNG…" writes; null leaves only "Copy image" */
    public WindowChartView(ObservableValue<WindowChartModel> model, ChartImages.Saver images) {
        ChartImages.install(chart, "energy-per-window.png", images);
        valid.setName("valid");
        invalid.setName("invalid");
        pending.setName("pending");
        chart.getData().setAll(List.of(valid, invalid, pending));
        chart.setTitle("Energy per token, per window");
        root.getStyleClass().add("window-chart");
        VBox.setVgrow(chart, Priority.ALWAYS);
        // Our own legend: the chart's copies its symbols from the first point, which an empty series lacks.
        chart.setLegendVisible(false);
        chart.setVerticalZeroLineVisible(false);
        xAxis.setLabel("window (across levels)");
        xAxis.setAutoRanging(false);
        xAxis.setTickUnit(1);
        xAxis.setMinorTickVisible(false);
        xAxis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                double v = n.doubleValue();
                return v == Math.rint(v) && v >= 0 ? Integer.toString(DisplayNumber.of((int) v)) : "";
            }

            @Override
            public Number fromString(String s) {
                return Double.parseDouble(s) - 1;
            }
        });
        yAxis.setLabel("J / output token");
        // With fixed bounds the axis sizes itself from stale tick labels; keep room for "0.75"-wide labels.
        yAxis.setMinWidth(72);
        yAxis.setForceZeroInRange(true);
        model.addListener((o, a, b) -> show(b));
        show(model.getValue());
    }

    private void show(WindowChartModel m) {
        List<XYChart.Data<Number, Number>> v = new ArrayList<>();
        List<XYChart.Data<Number, Number>> i = new ArrayList<>();
        List<XYChart.Data<Number, Number>> p = new ArrayList<>();
        double maxY = 0;
        for (WindowChartModel.Point point : m.points()) {
            XYChart.Data<Number, Number> d = new XYChart.Data<>(point.x(), point.window().jPerToken());
            maxY = Math.max(maxY, point.window().jPerToken());
            switch (point.window().validity()) {
                case VALID -> v.add(d);
                case INVALID -> i.add(d);
                case PENDING -> p.add(d);
            }
        }
        valid.getData().setAll(v);
        invalid.getData().setAll(i);
        pending.getData().setAll(p);
        double[] x = xRange(m);
        xAxis.setLowerBound(x[0]);
        xAxis.setUpperBound(x[1]);
        List<ChartOverlay.Band> bands = new ArrayList<>();
        for (LevelBand b : m.bands()) {
            bands.add(new ChartOverlay.Band(b.firstX() - 0.45, b.lastX() + 0.45, bandStyle(b),
                    Formats.rate(b.rate()) + "\n" + cvText(b), "level-band-label"));
        }
        // Head room for the band labels above the highest point.
        // Before any window: 0 to 1 J, not the 0-110 an auto-ranged empty axis picks.
        yAxis.setAutoRanging(false);
        AxisLabels.fixedFromZero(yAxis, maxY > 0 ? niceCeiling(maxY * 1.35) : 1, 5);
        chart.overlay().set(bands, List.of(), List.of());
        chart.refreshOverlay();
    }

    /**
     * The x range: every window the study plans (a 6-window study shows 1 to 6, not 1 to 9), or nine slots while the
     * plan is not known; always the newest points.
     */
    static double[] xRange(WindowChartModel m) {
        int first = m.points().isEmpty() ? 0 : m.points().get(0).x();
        int last = m.points().isEmpty() ? 0 : m.points().get(m.points().size() - 1).x();
        int slots = m.plannedWindows() > 0 ? m.plannedWindows() : 9;
        return new double[] {first - 0.5, Math.max(last + 0.5, first + slots - 0.5)};
    }

    static String cvText(LevelBand b) {
        if (!Double.isFinite(b.cv())) {
            // A level cut short (cancelled) has no CV and never will: its band says so, as its table row does.
            return b.validity() == Validity.INVALID ? "invalid, no CV" : "CV pending";
        }
        String op = b.cv() <= b.cvThreshold() ? " ≤ " : " > ";
        return "CV " + Formats.percent(b.cv()) + op + Formats.percent(b.cvThreshold());
    }

    private static String bandStyle(LevelBand b) {
        return switch (b.validity()) {
            case VALID -> "level-band-valid";
            case INVALID -> "level-band-invalid";
            case PENDING -> "level-band-pending";
        };
    }

    /** The smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × a power of ten that is at least {@code v}. */
    public static double niceCeiling(double v) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double step : new double[] {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (step * magnitude >= v) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static HBox legend() {
        HBox legend = new HBox(14);
        legend.setAlignment(Pos.CENTER);
        legend.getStyleClass().add("window-legend");
        String[] names = {"valid", "invalid", "pending"};
        for (int i = 0; i < names.length; i++) {
            Region symbol = new Region();
            symbol.getStyleClass().addAll("chart-symbol", "default-color" + i);
            Label label = new Label(names[i], symbol);
            legend.getChildren().add(label);
        }
        return legend;
    }

    public VBox node() {
        return root;
    }

    public OverlayScatterChart chart() {
        return chart;
    }
}
