package io.joulebench.app.live;

import io.joulebench.app.fx.ChartOverlay;
import io.joulebench.app.fx.OverlayLineChart;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * Power per device over time, decimated, with measured windows shaded and each level's warmup and ramp marked. A
 * trace is not drawn across a gap in its samples (no meter reads between brackets).
 */
public final class PowerChartView {

    private final NumberAxis xAxis = new NumberAxis();
    private final NumberAxis yAxis = new NumberAxis();
    private final OverlayLineChart chart = new OverlayLineChart(xAxis, yAxis);

    public PowerChartView(ObservableValue<PowerChartModel> model) {
        chart.setTitle("Power per GPU");
        chart.setCreateSymbols(false);
        chart.getStyleClass().add("power-chart");
        xAxis.setLabel("time since start (s)");
        xAxis.setForceZeroInRange(false);
        yAxis.setLabel("W");
        yAxis.setForceZeroInRange(true);
        model.addListener((o, a, b) -> show(b));
        show(model.getValue());
    }

    private void show(PowerChartModel m) {
        // Replace series only when the set of devices changes; otherwise swap their data in place.
        if (chart.getData().size() != m.traces().size()) {
            List<XYChart.Series<Number, Number>> series = new ArrayList<>();
            for (PowerChartModel.Trace t : m.traces()) {
                XYChart.Series<Number, Number> s = new XYChart.Series<>();
                s.setName("GPU " + t.device() + (t.name().isEmpty() ? "" : " · " + t.name()));
                series.add(s);
            }
            chart.getData().setAll(series);
        }
        for (int i = 0; i < m.traces().size(); i++) {
            List<XYChart.Data<Number, Number>> data = new ArrayList<>();
            for (List<PowerPoint> segment : m.traces().get(i).segments()) {
                for (int k = 0; k < segment.size(); k++) {
                    PowerPoint p = segment.get(k);
                    data.add(k == 0 && !data.isEmpty()
                            ? new XYChart.Data<>(p.tSeconds(), p.watts(), OverlayLineChart.BREAK)
                            : new XYChart.Data<>(p.tSeconds(), p.watts()));
                }
            }
            chart.getData().get(i).getData().setAll(data);
        }
        List<ChartOverlay.Band> bands = new ArrayList<>();
        for (TimeSpan w : m.warmups()) {
            bands.add(new ChartOverlay.Band(w.startS(), w.endS(), "warmup-span", "warmup", "warmup-label"));
        }
        for (TimeSpan r : m.ramps()) {
            // On the second line, so a short ramp's label does not run into the warmup's just before it.
            bands.add(new ChartOverlay.Band(r.startS(), r.endS(), "ramp-span", "\nramp", "ramp-label"));
        }
        for (TimeSpan w : m.windows()) {
            bands.add(new ChartOverlay.Band(w.startS(), w.endS(), "window-span", "", ""));
        }
        chart.overlay().set(bands, List.of(), List.of());
        chart.refreshOverlay();
    }

    public OverlayLineChart node() {
        return chart;
    }
}
