package io.joulebench.app.live;

import io.joulebench.app.fx.ChartOverlay;
import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.OverlayLineChart;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
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
        this(model, null);
    }

    /** @param images where "Save as PNG…" writes; null leaves only "Copy image" */
    public PowerChartView(ObservableValue<PowerChartModel> model, ChartImages.Saver images) {
        ChartImages.install(chart, "power.png", images);
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
                String gpu = "GPU " + t.device();
                s.setName(t.name().isEmpty() || t.name().equals(gpu) ? gpu : gpu + " · " + t.name());
                series.add(s);
            }
            chart.getData().setAll(series);
        }
        for (int i = 0; i < m.traces().size(); i++) {
            update(chart.getData().get(i).getData(), m.traces().get(i));
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

    /**
     * Moves the series' existing points to the trace's values and adds or drops points only at the end. Replacing
     * the whole list costs O(n²) in the chart (it looks up every removed point), which dominated the FX thread.
     */
    private static void update(ObservableList<XYChart.Data<Number, Number>> data, PowerChartModel.Trace trace) {
        int n = 0;
        List<XYChart.Data<Number, Number>> added = new ArrayList<>();
        for (List<PowerPoint> segment : trace.segments()) {
            for (int k = 0; k < segment.size(); k++, n++) {
                PowerPoint p = segment.get(k);
                Object mark = k == 0 && n > 0 ? OverlayLineChart.BREAK : null;
                if (n < data.size()) {
                    XYChart.Data<Number, Number> d = data.get(n);
                    d.setXValue(p.tSeconds());
                    d.setYValue(p.watts());
                    d.setExtraValue(mark);
                } else {
                    added.add(new XYChart.Data<>(p.tSeconds(), p.watts(), mark));
                }
            }
        }
        if (n < data.size()) {
            data.remove(n, data.size());
        } else if (!added.isEmpty()) {
            data.addAll(added);
        }
    }

    public OverlayLineChart node() {
        return chart;
    }
}
