package io.joulebench.app.fx;

import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;

/** A scatter chart with a {@link ChartOverlay} behind its points. */
public final class OverlayScatterChart extends ScatterChart<Number, Number> {

    private final ChartOverlay overlay = new ChartOverlay();

    public OverlayScatterChart(NumberAxis x, NumberAxis y) {
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
