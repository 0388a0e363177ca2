package io.joulebench.app.results;

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

    private final HBox root = new HBox(8);
    private final OverlayLineChart energy = chart("Energy per token vs request rate", "J / output token");
    private final OverlayLineChart ttft = chart("p99 time to first token vs request rate", "TTFT p99 (ms)");

    public PlotsView(ObservableValue<PlotModel> model) {
        energy.setId("plot-energy");
        ttft.setId("plot-ttft");
        HBox.setHgrow(energy, Priority.ALWAYS);
        HBox.setHgrow(ttft, Priority.ALWAYS);
        root.getChildren().addAll(energy, ttft);
        model.addListener((o, a, b) -> show(b));
        show(model.getValue());
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
        return c;
    }

    private void show(PlotModel m) {
        energy.getData().setAll(toSeries(m.jPerToken()));
        ttft.getData().setAll(toSeries(m.ttftP99()));
        List<ChartOverlay.Bar> bars = new ArrayList<>();
        double top = 0;
        for (PlotModel.Series s : m.jPerToken()) {
            for (PlotModel.Point p : s.points()) {
                top = Math.max(top, Math.max(p.value(), p.high()));
                if (p.high() > p.low()) {
                    bars.add(new ChartOverlay.Bar(p.rate(), p.low(), p.high(), "spread-bar"));
                }
            }
        }
        fitY((NumberAxis) energy.getYAxis(), top);
        List<ChartOverlay.Mark> marks = new ArrayList<>();
        for (PlotModel.Optimum o : m.optima()) {
            String who = m.jPerToken().size() > 1 ? o.series() + ": " : "";
            bars.add(new ChartOverlay.Bar(o.rate(), 0, o.jPerToken(), "optimum-line"));
            marks.add(new ChartOverlay.Mark(o.rate(), o.jPerToken(),
                    "★ " + who + "optimal under SLO " + Formats.rate(o.rate()), "optimum-mark"));
        }
        energy.overlay().set(List.of(), bars, marks);
        energy.refreshOverlay();
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

    private static List<XYChart.Series<Number, Number>> toSeries(List<PlotModel.Series> series) {
        List<XYChart.Series<Number, Number>> out = new ArrayList<>();
        for (PlotModel.Series s : series) {
            XYChart.Series<Number, Number> fx = new XYChart.Series<>();
            fx.setName(s.name());
            for (PlotModel.Point p : s.points()) {
                fx.getData().add(new XYChart.Data<>(p.rate(), p.value()));
            }
            out.add(fx);
        }
        return out;
    }

    public HBox node() {
        return root;
    }
}
