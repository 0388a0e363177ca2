package io.joulebench.app.fx;

import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;

/** A line chart with a {@link ChartOverlay} behind its lines. */
public final class OverlayLineChart extends LineChart<Number, Number> {

    private final ChartOverlay overlay = new ChartOverlay();

    public OverlayLineChart(NumberAxis x, NumberAxis y) {
        super(x, y);
        setAnimated(false);
    }

    public ChartOverlay overlay() {
        return overlay;
    }

    /** Redraws the overlay after its content changed without a data change. */
    public void refreshOverlay() {
        requestChartLayout();
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        overlay.layout(getPlotChildren(), (NumberAxis) getXAxis(), (NumberAxis) getYAxis());
    }
}
