package io.joulebench.core.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The Pareto front on two figures that are both better lower (J/token and a latency percentile): the points no
 * other point dominates, where {@code p} dominates {@code q} when it is no worse on both and better on one. Equal
 * points are all on the front.
 */
public final class ParetoFront {

    private ParetoFront() {
    }

    /** A point: x and y, both lower-is-better. */
    public record Point(double x, double y) {
    }

    /** Which points are on the front, in the order given; a point with a NaN figure never is. */
    public static boolean[] of(List<Point> points) {
        boolean[] front = new boolean[points.size()];
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            if (Double.isNaN(p.x()) || Double.isNaN(p.y())) {
                continue;
            }
            boolean dominated = false;
            for (int j = 0; j < points.size() && !dominated; j++) {
                Point q = points.get(j);
                if (j != i && !Double.isNaN(q.x()) && !Double.isNaN(q.y()) && dominates(q, p)) {
                    dominated = true;
                }
            }
            front[i] = !dominated;
        }
        return front;
    }

    static boolean dominates(Point q, Point p) {
        return q.x() <= p.x() && q.y() <= p.y() && (q.x() < p.x() || q.y() < p.y());
    }

    /** The indices on the front, sorted by x (for drawing its staircase). */
    public static List<Integer> sortedFront(List<Point> points) {
        boolean[] f = of(points);
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < f.length; i++) {
            if (f[i]) {
                idx.add(i);
            }
        }
        idx.sort((a, b) -> Double.compare(points.get(a).x(), points.get(b).x()));
        return idx;
    }
}
