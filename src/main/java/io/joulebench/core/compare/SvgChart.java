package io.joulebench.core.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small headless chart written as inline SVG: linear axes with round ticks, one colour per series, points joined
 * by lines or not, vertical interval bars, an optional highlighted path (the Pareto front), and a watermark line for
 * simulated or estimated data. No fonts, scripts or images are fetched. See docs/decisions/0010.
 */
final class SvgChart {

    static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
            "#17becf", "#7f7f7f", "#bcbd22"};

    /** One point: x, y, an interval (NaN for none), whether it is hollow (invalid) and a tooltip. */
    record Point(double x, double y, double low, double high, boolean hollow, boolean marked, String title) {
    }

    record Series(String name, List<Point> points, boolean joined) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final String watermark;
    private final List<Series> series = new ArrayList<>();
    private List<double[]> highlight = List.of();
    private String highlightName = "";
    private final int width = 760;
    /** The chart's height without its legend, which is added below. */
    private final int height = 420;
    private static final int LEGEND_LINE = 15;
    private final int left = 78;
    private final int right = 20;
    private final int top = 44;
    private final int bottom = 58;

    SvgChart(String title, String xLabel, String yLabel, String watermark) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.watermark = watermark;
    }

    private boolean logXAllowed;

    /** Lets the x axis go logarithmic when its data spans 20× or more (latencies of an overloaded server). */
    SvgChart logXWhenWide() {
        logXAllowed = true;
        return this;
    }

    SvgChart add(Series s) {
        series.add(s);
        return this;
    }

    /** A path drawn over the points (x, y pairs), e.g. the Pareto front's staircase. */
    SvgChart highlight(String name, List<double[]> path) {
        this.highlightName = name;
        this.highlight = List.copyOf(path);
        return this;
    }

    String svg() {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (Point p : s.points()) {
                if (!Double.isFinite(p.x()) || !Double.isFinite(p.y())) {
                    continue;
                }
                xMin = Math.min(xMin, p.x());
                xMax = Math.max(xMax, p.x());
                yMax = Math.max(yMax, Double.isFinite(p.high()) ? Math.max(p.high(), p.y()) : p.y());
            }
        }
        // The legend sits under the chart across its whole width, one line per series, so a long name (a
        // configuration and its run) is never cut at the chart's right edge (issue 35 item 19).
        int legendLines = series.size() + (highlight.isEmpty() ? 0 : 1) + 1;
        int total = height + LEGEND_LINE * legendLines + 6;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg viewBox=\"0 0 %d %d\" "
                + "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\" class=\"chart\">%n", width, total, width,
                total, esc(title)));
        b.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n",
                width, total));
        b.append(text(width / 2.0, 22, title, "middle", 15, "bold"));
        if (!Double.isFinite(xMin)) {
            b.append(text(width / 2.0, height / 2.0, "no data", "middle", 14, "normal"));
            return b.append("</svg>\n").toString();
        }
        boolean log = logXAllowed && xMin > 0 && xMax / xMin >= 20;
        double x0 = xMin > 0 && xMin < (xMax - xMin) ? 0 : xMin;
        double[] xt = log ? logTicks(xMin, xMax) : ticks(x0, xMax == x0 ? x0 + 1 : xMax);
        double[] yt = ticks(0, yMax > 0 ? yMax * 1.05 : 1);
        double xLo = log ? Math.log10(xt[0]) : xt[0];
        double xHi = log ? Math.log10(xt[xt.length - 1]) : xt[xt.length - 1];
        double yHi = yt[yt.length - 1];
        double pw = width - left - right;
        double ph = height - top - bottom;
        java.util.function.DoubleUnaryOperator sx = v -> left + ((log ? Math.log10(v) : v) - xLo) / (xHi - xLo) * pw;
        java.util.function.DoubleUnaryOperator sy = v -> top + ph - v / yHi * ph;
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" "
                + "stroke=\"#999\"/>%n", left, top, pw, ph));
        for (double t : xt) {
            double px = sx.applyAsDouble(t);
            b.append(line(px, top, px, top + ph, "#eee", 1, null));
            b.append(text(px, top + ph + 16, Formats.number(t), "middle", 11, "normal"));
        }
        for (double t : yt) {
            double py = sy.applyAsDouble(t);
            b.append(line(left, py, left + pw, py, "#eee", 1, null));
            b.append(text(left - 6, py + 4, Formats.number(t), "end", 11, "normal"));
        }
        b.append(text(left + pw / 2, height - 22, xLabel + (log ? ", log scale" : ""), "middle", 12, "normal"));
        b.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 16 %.1f)\" font-family=\"sans-serif\">%s</text>%n", top + ph / 2,
                top + ph / 2, esc(yLabel)));
        if (watermark != null && !watermark.isEmpty()) {
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"26\" fill=\"#d62728\" "
                    + "fill-opacity=\"0.25\" text-anchor=\"middle\" font-family=\"sans-serif\" font-weight=\"bold\" "
                    + "class=\"watermark\">%s</text>%n", left + pw / 2, top + ph / 2, esc(watermark)));
        }
        if (highlight.size() >= 1) {
            StringBuilder d = new StringBuilder();
            for (double[] p : highlight) {
                d.append(d.isEmpty() ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f",
                        sx.applyAsDouble(p[0]), sy.applyAsDouble(p[1])));
            }
            b.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"#222\" stroke-width=\"2\" "
                    + "stroke-dasharray=\"6 3\" class=\"front\"/>\n");
        }
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            String colour = COLOURS[i % COLOURS.length];
            List<Point> pts = s.points().stream().filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y()))
                    .toList();
            if (s.joined() && pts.size() > 1) {
                StringBuilder d = new StringBuilder();
                for (Point p : pts) {
                    d.append(d.isEmpty() ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f",
                            sx.applyAsDouble(p.x()), sy.applyAsDouble(p.y())));
                }
                b.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(colour)
                        .append("\" stroke-width=\"1.5\"/>\n");
            }
            for (Point p : pts) {
                double px = sx.applyAsDouble(p.x());
                if (Double.isFinite(p.low()) && Double.isFinite(p.high())) {
                    double lo = sy.applyAsDouble(Math.max(0, p.low()));
                    double hi = sy.applyAsDouble(p.high());
                    b.append(line(px, lo, px, hi, colour, 1.5, "ci"));
                    b.append(line(px - 5, lo, px + 5, lo, colour, 1.5, "ci"));
                    b.append(line(px - 5, hi, px + 5, hi, colour, 1.5, "ci"));
                }
                if (p.marked()) {
                    b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"none\" "
                            + "stroke=\"#222\" stroke-width=\"1.5\" class=\"front-point\"/>%n", px,
                            sy.applyAsDouble(p.y())));
                }
                b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"%s\" "
                        + "stroke=\"%s\" stroke-width=\"1.5\"><title>%s</title></circle>%n", px,
                        sy.applyAsDouble(p.y()), p.hollow() ? "#fff" : colour, colour, esc(p.title())));
            }
        }
        // legend, under the x axis's label
        double lx = left;
        double ly = height + 2;
        for (int i = 0; i < series.size(); i++) {
            String colour = COLOURS[i % COLOURS.length];
            b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>%n",
                    lx + 6, ly, colour));
            b.append(text(lx + 16, ly + 4, series.get(i).name(), "start", 11, "normal"));
            ly += LEGEND_LINE;
        }
        if (!highlight.isEmpty()) {
            b.append(line(lx, ly, lx + 12, ly, "#222", 2, "front"));
            b.append(text(lx + 16, ly + 4, highlightName, "start", 11, "normal"));
            ly += LEGEND_LINE;
        }
        b.append(text(lx + 16, ly + 4, "hollow: invalid level", "start", 10, "normal"));
        return b.append("</svg>\n").toString();
    }

    /** Round tick values covering [lo, hi]: steps of 1, 2 or 5 × 10^k, about five of them. */
    static double[] ticks(double lo, double hi) {
        double span = hi - lo;
        if (!(span > 0)) {
            span = Math.abs(hi) > 0 ? Math.abs(hi) : 1;
        }
        double raw = span / 5;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
        double start = Math.floor(lo / step) * step;
        double end = Math.ceil(hi / step) * step;
        if (end <= start) {
            end = start + step;
        }
        int n = (int) Math.round((end - start) / step);
        double[] t = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            t[i] = start + i * step;
        }
        return t;
    }

    /** 1, 2, 5 × 10^k ticks (only 10^k over more than two decades) from just below lo to just above hi (> 0). */
    static double[] logTicks(double lo, double hi) {
        double[] mult = Math.log10(hi / lo) > 2 ? new double[] {1} : new double[] {1, 2, 5};
        List<Double> t = new ArrayList<>();
        for (double decade = Math.pow(10, Math.floor(Math.log10(lo))); t.isEmpty() || t.get(t.size() - 1) < hi;
                decade *= 10) {
            for (double m : mult) {
                if (t.isEmpty() || t.get(t.size() - 1) < hi) {
                    t.add(decade * m);
                }
            }
        }
        while (t.size() > 2 && t.get(1) <= lo) {
            t.remove(0);
        }
        return t.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String line(double x1, double y1, double x2, double y2, String colour, double w, String cls) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, colour, w,
                cls == null ? "" : " class=\"" + cls + "\"");
    }

    private static String text(double x, double y, String s, String anchor, int size, String weight) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\" "
                + "font-weight=\"%s\" font-family=\"sans-serif\">%s</text>%n", x, y, size, anchor, weight, esc(s));
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
