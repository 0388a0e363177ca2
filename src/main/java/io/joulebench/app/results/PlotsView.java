package io.joulebench.app.results;

import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.ChartOverlay;
import io.joulebench.app.fx.Formats;
import io.joulebench.app.fx.OverlayLineChart;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** J/token against request rate (with spread bars and the energy-optimal rate under the SLO) and p99 TTFT. */
public final class PlotsView {

    /** Marks the symbol of a point whose levels are not all valid. */
    static final javafx.css.PseudoClass INVALID = javafx.css.PseudoClass.getPseudoClass("invalid");

    private final javafx.scene.layout.BorderPane root = new javafx.scene.layout.BorderPane();
    private final HBox charts = new HBox(8);
    private final javafx.scene.control.CheckBox logRate = new javafx.scene.control.CheckBox("Log rate axis");
    private PlotModel shown = PlotModel.EMPTY;
    private static final String ENERGY_TITLE = "Energy per token vs request rate";
    private static final String TTFT_TITLE = "p99 time to first token vs request rate";
    private final OverlayLineChart energy = chart(ENERGY_TITLE, "J / output token");
    private final OverlayLineChart ttft = chart(TTFT_TITLE, "TTFT p99 (ms)");

    public PlotsView(ObservableValue<PlotModel> model) {
        this(model, new javafx.beans.property.SimpleBooleanProperty(), null);
    }

    /**
     * @param logRateAxis whether the rate axis is logarithmic (the view model suggests it for a geometric sweep)
     * @param images      where "Save as PNG…" writes (off the FX thread); null leaves only "Copy image"
     */
    public PlotsView(ObservableValue<PlotModel> model, javafx.beans.property.BooleanProperty logRateAxis,
            ChartImages.Saver images) {
        this(model, logRateAxis, images, new javafx.beans.property.SimpleStringProperty(""));
    }

    /**
     * @param imageLabel "SIMULATED", "ESTIMATED" or empty: each chart's title leads with it, so the chart, and every
     *                   image saved or copied of it, says what its figures are (the view's banner is outside them)
     */
    public PlotsView(ObservableValue<PlotModel> model, javafx.beans.property.BooleanProperty logRateAxis,
            ChartImages.Saver images, ObservableValue<String> imageLabel) {
        titled(energy, ENERGY_TITLE, imageLabel);
        titled(ttft, TTFT_TITLE, imageLabel);
        logRate.setId("plot-log-rate");
        logRate.selectedProperty().bindBidirectional(logRateAxis);
        logRate.setTooltip(new javafx.scene.control.Tooltip("Spaces the rates of a geometric sweep (1, 2, 4, 8 …)"
                + " evenly; chosen by itself when the loaded rates are one. Needs every rate above zero."));
        logRate.selectedProperty().addListener((o, a, b) -> show(shown));
        HBox controls = new HBox(12, logRate);
        controls.setPadding(new javafx.geometry.Insets(6, 0, 6, 0));
        root.setTop(controls);
        root.setCenter(charts);
        energy.setId("plot-energy");
        ttft.setId("plot-ttft");
        ChartImages.install(energy, "energy-per-token.png", images);
        ChartImages.install(ttft, "ttft-p99.png", images);
        HBox.setHgrow(energy, Priority.ALWAYS);
        HBox.setHgrow(ttft, Priority.ALWAYS);
        charts.getChildren().addAll(energy, ttft);
        model.addListener((o, a, b) -> show(b));
        show(model.getValue());
    }

    /** The label leads: a narrow chart cuts its title at the end, and the label must stay readable. */
    private static void titled(OverlayLineChart chart, String title, ObservableValue<String> label) {
        chart.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            String l = label.getValue();
            return l == null || l.isEmpty() ? title : l + " — " + title;
        }, label));
    }

    private static OverlayLineChart chart(String title, String yLabel) {
        NumberAxis x = new NumberAxis();
        x.setLabel("request rate (req/s)");
        NumberAxis y = new NumberAxis();
        y.setLabel(yLabel);
        // With fixed bounds the axis sizes itself from stale tick labels; keep room for "0.75"-wide labels.
        y.setMinWidth(72);
        OverlayLineChart c = new OverlayLineChart(x, y);
        c.setTitle(title);
        c.setMinWidth(200);
        // a narrow window wraps the title instead of cutting it (the chart sizes its title by its width)
        if (c.lookup(".chart-title") instanceof javafx.scene.control.Label t) {
            t.setWrapText(true);
            t.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        }
        return c;
    }

    private void show(PlotModel m) {
        shown = m;
        logRate.setDisable(!m.logRatePossible());
        boolean log = logRate.isSelected() && m.logRatePossible();
        java.util.function.DoubleUnaryOperator x = log ? Math::log10 : r -> r;
        rateAxis((NumberAxis) energy.getXAxis(), m, log);
        rateAxis((NumberAxis) ttft.getXAxis(), m, log);
        // On a log axis x = 0 is 1 req/s, not zero: no zero line there.
        energy.setVerticalZeroLineVisible(!log);
        ttft.setVerticalZeroLineVisible(!log);
        energy.getData().setAll(toSeries(m.jPerToken(), x));
        ttft.getData().setAll(toSeries(m.ttftP99(), x));
        List<ChartOverlay.Bar> bars = new ArrayList<>();
        double top = 0;
        for (int i = 0; i < m.jPerToken().size(); i++) {
            for (PlotModel.Point p : m.jPerToken().get(i).points()) {
                top = Math.max(top, Math.max(p.value(), p.high()));
                if (p.high() > p.low()) {
                    // In its series' colour, so the bars of several runs are told apart.
                    bars.add(new ChartOverlay.Bar(x.applyAsDouble(p.rate()), p.low(), p.high(),
                            "spread-bar series-color-" + (i % 8)));
                }
            }
        }
        fitY((NumberAxis) energy.getYAxis(), top);
        List<ChartOverlay.Mark> marks = new ArrayList<>();
        for (PlotModel.Optimum o : m.optima()) {
            String who = m.jPerToken().size() > 1 ? o.series() + ": " : "";
            bars.add(new ChartOverlay.Bar(x.applyAsDouble(o.rate()), 0, o.jPerToken(), "optimum-line"));
            marks.add(new ChartOverlay.Mark(x.applyAsDouble(o.rate()), o.jPerToken(),
                    "★ " + who + "optimal under SLO " + Formats.rate(o.rate()), "optimum-mark"));
        }
        energy.overlay().set(List.of(), bars, marks);
        energy.refreshOverlay();
    }

    /**
     * Linear: auto-ranged. Log: the axis runs over log10(rate) with labels in req/s; a geometric sweep gets one tick
     * per rate (one step of its ratio), other positive rates one per decade.
     */
    static void rateAxis(NumberAxis axis, PlotModel m, boolean log) {
        if (!log) {
            axis.setAutoRanging(true);
            axis.setTickLabelFormatter(null);
            axis.setLabel("request rate (req/s)");
            return;
        }
        List<Double> rates = m.rates();
        double lo = Math.log10(rates.get(0));
        double hi = Math.log10(rates.get(rates.size() - 1));
        double ratio = PlotModel.ratio(rates);
        double unit;
        if (Double.isFinite(ratio)) {
            unit = Math.log10(ratio);
            lo -= unit;
            hi += unit;
        } else {
            unit = 1;
            lo = Math.floor(lo);
            hi = Math.max(lo + 1, Math.ceil(hi));
        }
        axis.setAutoRanging(false);
        axis.setLowerBound(lo);
        axis.setUpperBound(hi);
        axis.setTickUnit(unit);
        axis.setMinorTickCount(0);
        axis.setTickLabelFormatter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Number v) {
                return Formats.significant(Math.pow(10, v.doubleValue()), 3, 3);
            }

            @Override
            public Number fromString(String text) {
                return Math.log10(Double.parseDouble(text));
            }
        });
        axis.setLabel("request rate (req/s, log scale)");
    }

    /** A y range from zero that leaves room above the highest point or spread bar (auto-ranging ignores bars). */
    private static void fitY(NumberAxis y, double top) {
        if (!(top > 0)) {
            y.setAutoRanging(true);
            return;
        }
        io.joulebench.app.fx.AxisLabels.fixedFromZero(y,
                io.joulebench.app.live.WindowChartView.niceCeiling(top * 1.12), 10);
    }

    private static List<XYChart.Series<Number, Number>> toSeries(List<PlotModel.Series> series,
            java.util.function.DoubleUnaryOperator x) {
        List<XYChart.Series<Number, Number>> out = new ArrayList<>();
        for (PlotModel.Series s : series) {
            XYChart.Series<Number, Number> fx = new XYChart.Series<>();
            fx.setName(s.name());
            for (PlotModel.Point p : s.points()) {
                XYChart.Data<Number, Number> d = new XYChart.Data<>(x.applyAsDouble(p.rate()), p.value());
                if (!p.valid()) {
                    // An invalid level is drawn hollow and says why, not like a figure to trust.
                    d.nodeProperty().addListener((o, a, node) -> {
                        if (node != null) {
                            // A pseudo-class: the chart resets a symbol's style classes after it makes it.
                            node.pseudoClassStateChanged(INVALID, true);
                            javafx.scene.control.Tooltip.install(node, new javafx.scene.control.Tooltip(
                                    "level invalid at " + Formats.rate(p.rate()) + ": see the windows table"));
                        }
                    });
                }
                fx.getData().add(d);
            }
            out.add(fx);
        }
        return out;
    }

    public javafx.scene.layout.BorderPane node() {
        return root;
    }
}
