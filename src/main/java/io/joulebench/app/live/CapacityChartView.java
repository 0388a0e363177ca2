package io.joulebench.app.live;

import io.joulebench.app.fx.AxisLabels;
import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.ChartOverlay;
import io.joulebench.app.fx.Formats;
import io.joulebench.app.fx.OverlayScatterChart;
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

/**
 * The capacity search as it runs: each probe's rate against its latency figure (green where the probe met the SLO,
 * red where it broke it, numbered in probe order), each SLO bound as a dashed line, and the bracket shaded as it
 * narrows. The status line under it says how far the search is, then the capacity found.
 */
public final class CapacityChartView {

    private final NumberAxis xAxis = new NumberAxis();
    private final NumberAxis yAxis = new NumberAxis();
    private final OverlayScatterChart chart = new OverlayScatterChart(xAxis, yAxis);
    private final Label status = new Label();
    private final VBox root = new VBox(chart, legend(), status);
    private final XYChart.Series<Number, Number> meets = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> breaks = new XYChart.Series<>();

    /** @param images where "Save as PNG…" writes; null leaves only "Copy image" */
    public CapacityChartView(ObservableValue<CapacityChartModel> model, ChartImages.Saver images) {
        ChartImages.install(chart, "capacity-search.png", images);
        meets.setName("meets the SLO");
        breaks.setName("breaks the SLO");
        chart.getData().setAll(List.of(meets, breaks));
        chart.setTitle("Capacity search (latency; no J/token)");
        chart.setLegendVisible(false);
        chart.setVerticalZeroLineVisible(false);
        root.getStyleClass().add("capacity-chart");
        root.setId("capacity-chart");
        VBox.setVgrow(chart, Priority.ALWAYS);
        status.setId("capacity-status");
        status.getStyleClass().add("capacity-status");
        status.setMinWidth(0);
        status.setMaxWidth(Double.MAX_VALUE);
        // wrapped whole at 1100 px rather than cut: the bracket's ends are the point of the line
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setAlignment(Pos.CENTER);
        xAxis.setLabel("rate (req/s)");
        xAxis.setAutoRanging(false);
        yAxis.setAutoRanging(false);
        yAxis.setMinWidth(72);
        model.addListener((o, a, b) -> show(b));
        show(model.getValue());
    }

    private void show(CapacityChartModel m) {
        List<XYChart.Data<Number, Number>> ok = new ArrayList<>();
        List<XYChart.Data<Number, Number>> bad = new ArrayList<>();
        List<ChartOverlay.Mark> marks = new ArrayList<>();
        List<ChartOverlay.Rule> rules = new ArrayList<>();
        double maxY = 0;
        for (CapacityChartModel.Series s : m.series()) {
            for (CapacityChartModel.ProbePoint p : s.points()) {
                (p.meets() ? ok : bad).add(new XYChart.Data<>(p.rate(), p.value()));
                maxY = Math.max(maxY, p.value());
                if (s == m.series().getFirst()) {
                    marks.add(new ChartOverlay.Mark(p.rate(), p.value(), Integer.toString(p.order()),
                            "probe-order"));
                }
            }
            maxY = Math.max(maxY, s.limit());
            rules.add(new ChartOverlay.Rule(s.limit(), "slo-rule", s.metric() + " ≤ " + Formats.number(s.limit(), 1),
                    "slo-rule-label"));
        }
        meets.getData().setAll(ok);
        breaks.getData().setAll(bad);
        double xMax = m.present() ? WindowChartView.niceCeiling(m.maxRate() * 1.05) : 10;
        AxisLabels.fixedFromZero(xAxis, xMax, 5);
        AxisLabels.fixedFromZero(yAxis, maxY > 0 ? WindowChartView.niceCeiling(maxY * 1.25) : 1, 5);
        yAxis.setLabel(m.series().size() == 1 ? m.series().getFirst().metric() : "latency (ms)");
        List<ChartOverlay.Band> bands = new ArrayList<>();
        if (m.present()) {
            double high = Math.min(m.bracketHigh(), xMax);
            bands.add(new ChartOverlay.Band(m.bracketLow(), high, m.finished() ? "bracket-final" : "bracket-open",
                    "bracket", "level-band-label"));
        }
        chart.overlay().set(bands, List.of(), marks, rules);
        chart.refreshOverlay();
        status.setText(m.status());
    }

    private static HBox legend() {
        HBox legend = new HBox(14);
        legend.setAlignment(Pos.CENTER);
        legend.getStyleClass().add("window-legend");
        String[] names = {"meets the SLO", "breaks the SLO"};
        for (int i = 0; i < names.length; i++) {
            Region symbol = new Region();
            symbol.getStyleClass().addAll("chart-symbol", "default-color" + i);
            legend.getChildren().add(new Label(names[i], symbol));
        }
        return legend;
    }

    public VBox node() {
        return root;
    }
}
