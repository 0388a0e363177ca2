package io.joulebench.app.fx;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.PathElement;

/**
 * A line chart with a {@link ChartOverlay} behind its lines. A data item whose extra value is {@link #BREAK} starts
 * a new stroke: the line is not drawn across the gap before it.
 */
public final class OverlayLineChart extends LineChart<Number, Number> {

    /** Marks a data item that starts a new stroke (set it as the item's extra value). */
    public static final Object BREAK = new Object() {
        @Override
        public String toString() {
            return "BREAK";
        }
    };

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
        NumberAxis x = (NumberAxis) getXAxis();
        NumberAxis y = (NumberAxis) getYAxis();
        if (getCreateSymbols()) {
            super.layoutPlotChildren();
        }
        // Without symbols a line is all there is to lay out: draw it here (once), breaks included.
        for (Series<Number, Number> series : getData()) {
            if (series.getNode() instanceof Path line && (!getCreateSymbols() || hasBreaks(series))) {
                line.getElements().setAll(strokes(series, x, y));
            }
        }
        overlay.layout(getPlotChildren(), x, y);
    }

    private static boolean hasBreaks(Series<Number, Number> series) {
        for (Data<Number, Number> d : series.getData()) {
            if (d.getExtraValue() == BREAK) {
                return true;
            }
        }
        return false;
    }

    /** The series' line in data order, moving (not drawing) to every item that starts a stroke. */
    private static List<PathElement> strokes(Series<Number, Number> series, NumberAxis x, NumberAxis y) {
        List<PathElement> elements = new ArrayList<>(series.getData().size());
        boolean first = true;
        for (Data<Number, Number> d : series.getData()) {
            double px = x.getDisplayPosition(d.getXValue());
            double py = y.getDisplayPosition(d.getYValue());
            if (Double.isNaN(px) || Double.isNaN(py)) {
                continue;
            }
            elements.add(first || d.getExtraValue() == BREAK ? new MoveTo(px, py) : new LineTo(px, py));
            first = false;
        }
        return elements;
    }

    /** The drawn line of series {@code index} (for tests): its path elements. */
    public List<PathElement> lineOf(int index) {
        Node node = getData().get(index).getNode();
        return node instanceof Path p ? List.copyOf(p.getElements()) : List.of();
    }
}
