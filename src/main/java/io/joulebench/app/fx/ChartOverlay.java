package io.joulebench.app.fx;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.chart.ValueAxis;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;

/**
 * Shapes drawn in a chart's plot area in data coordinates: shaded x ranges, vertical bars, horizontal rules and
 * labels. A chart subclass calls {@link #layout} from {@code layoutPlotChildren}; the shapes sit behind the data.
 */
public final class ChartOverlay {

    /** A shaded range of x; {@code label} (may be empty) is drawn at its top left. */
    public record Band(double fromX, double toX, String styleClass, String label, String labelStyleClass) {
    }

    /** A vertical bar from {@code lowY} to {@code highY} at {@code x} (an error bar). */
    public record Bar(double x, double lowY, double highY, String styleClass) {
    }

    /** A text at a data point. */
    public record Mark(double x, double y, String label, String styleClass) {
    }

    /** A horizontal line across the plot at {@code y} (a bound), labelled at its right end. */
    public record Rule(double y, String styleClass, String label, String labelStyleClass) {
    }

    /**
     * A diamond centred on a data point with its label beside it (the Pareto front's markers): the shape sits on
     * the point whatever the label's width; a label that would overlap one already drawn moves below, or is left
     * out (the table names every level).
     */
    public record Marker(double x, double y, String label, String styleClass) {
    }

    private final List<Node> drawn = new ArrayList<>();
    private List<Band> bands = List.of();
    private List<Bar> bars = List.of();
    private List<Mark> marks = List.of();
    private List<Rule> rules = List.of();
    private List<Marker> markers = List.of();

    /** The diamonds drawn over the points; kept until set again. */
    public void setMarkers(List<Marker> markers) {
        this.markers = List.copyOf(markers);
    }

    public void set(List<Band> bands, List<Bar> bars, List<Mark> marks) {
        set(bands, bars, marks, List.of());
    }

    public void set(List<Band> bands, List<Bar> bars, List<Mark> marks, List<Rule> rules) {
        this.bands = List.copyOf(bands);
        this.bars = List.copyOf(bars);
        this.marks = List.copyOf(marks);
        this.rules = List.copyOf(rules);
    }

    public void layout(ObservableList<Node> plotChildren, ValueAxis<Number> x, ValueAxis<Number> y) {
        plotChildren.removeAll(drawn);
        drawn.clear();
        double height = y.getHeight();
        double width = x.getWidth();
        List<Node> back = new ArrayList<>();
        List<Node> front = new ArrayList<>();
        // A label that would run into the previous one is left out (many narrow levels: a cluster run's), its band
        // still drawn; the level table names every level.
        double labelsEnd = Double.NEGATIVE_INFINITY;
        for (Band b : bands) {
            double x0 = Math.max(0, x.getDisplayPosition(b.fromX()));
            double x1 = Math.min(width, x.getDisplayPosition(b.toX()));
            if (x1 <= x0) {
                continue;
            }
            Rectangle r = new Rectangle(x0, 0, x1 - x0, height);
            r.setFill(Color.TRANSPARENT); // not a shape's default black while unstyled; the style class sets it
            r.getStyleClass().add(b.styleClass());
            r.setMouseTransparent(true);
            back.add(r);
            if (!b.label().isEmpty() && x0 + 4 >= labelsEnd + 6) {
                int line = 0;
                for (String part : b.label().split("\n")) {
                    Text t = new Text(x0 + 4, 14 + 13 * line++, part);
                    t.setFill(Color.TRANSPARENT);
                    t.getStyleClass().add(b.labelStyleClass());
                    t.setMouseTransparent(true);
                    front.add(t);
                    labelsEnd = Math.max(labelsEnd, x0 + 4 + t.getLayoutBounds().getWidth());
                }
            }
        }
        for (Bar b : bars) {
            double px = x.getDisplayPosition(b.x());
            Line l = new Line(px, y.getDisplayPosition(b.lowY()), px, y.getDisplayPosition(b.highY()));
            l.getStyleClass().addAll(b.styleClass().split(" ")); // e.g. "spread-bar series-color-2"
            l.setMouseTransparent(true);
            back.add(l);
        }
        for (Rule r : rules) {
            double py = y.getDisplayPosition(r.y());
            if (py < 0 || py > height) {
                continue;
            }
            Line l = new Line(0, py, width, py);
            l.getStyleClass().addAll(r.styleClass().split(" "));
            l.setMouseTransparent(true);
            back.add(l);
            if (!r.label().isEmpty()) {
                Text t = new Text(r.label());
                t.getStyleClass().add(r.labelStyleClass());
                t.setX(Math.max(2, width - t.getLayoutBounds().getWidth() - 4));
                t.setY(Math.max(12, py - 4));
                t.setMouseTransparent(true);
                front.add(t);
            }
        }
        for (Mark m : marks) {
            double px = x.getDisplayPosition(m.x());
            double py = y.getDisplayPosition(m.y());
            Text t = new Text(m.label());
            t.getStyleClass().add(m.styleClass());
            double w = t.getLayoutBounds().getWidth();
            t.setX(Math.max(2, Math.min(width - w - 2, px - w / 2)));
            t.setY(Math.max(14, py - 12));
            t.setMouseTransparent(true);
            front.add(t);
        }
        drawMarkers(front, width, height, x, y);
        plotChildren.addAll(0, back);
        plotChildren.addAll(front);
        drawn.addAll(back);
        drawn.addAll(front);
        // These shapes are made in the layout pass, after the pulse's CSS pass: style them now, or a frame can draw
        // them with a shape's default opaque black fill (the live power chart flickered black; docs/decisions/0021).
        for (Node n : drawn) {
            n.applyCss();
        }
    }

    private void drawMarkers(List<Node> front, double width, double height, ValueAxis<Number> x,
            ValueAxis<Number> y) {
        List<Bounds> taken = new ArrayList<>();
        for (Marker m : markers) {
            double px = x.getDisplayPosition(m.x());
            double py = y.getDisplayPosition(m.y());
            if (px < -1 || px > width + 1 || py < -1 || py > height + 1) {
                continue;
            }
            double r = 6;
            Polygon d = new Polygon(px, py - r, px + r, py, px, py + r, px - r, py);
            d.getStyleClass().addAll(m.styleClass(), "chart-marker");
            d.setMouseTransparent(true);
            front.add(d);
            taken.add(d.getBoundsInLocal());
            if (m.label().isEmpty()) {
                continue;
            }
            Text t = new Text(m.label());
            t.getStyleClass().add(m.styleClass() + "-label");
            t.setMouseTransparent(true);
            double w = t.getLayoutBounds().getWidth();
            double h = t.getLayoutBounds().getHeight();
            // right of the point, or left of it near the right edge; then one line lower if that place is taken
            double tx = px + r + 3 + w <= width ? px + r + 3 : px - r - 3 - w;
            for (double ty : new double[] {py + h / 3, py + h / 3 + h}) {
                Bounds b = new BoundingBox(tx, ty - h, w, h);
                if (taken.stream().noneMatch(b::intersects)) {
                    t.setX(tx);
                    t.setY(ty);
                    taken.add(b);
                    front.add(t);
                    break;
                }
            }
        }
    }
}
