package io.joulebench.app.editor;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/** N points between a and b, evenly spaced or in a geometric progression; the endpoints are exactly a and b. */
public final class SweepGenerator {

    /** How the points are spaced. */
    public enum Spacing {
        LINEAR, GEOMETRIC
    }

    private SweepGenerator() {
    }

    /**
     * Inner points are rounded to six significant digits, so the YAML stays readable ({@code 5.65685} rather than
     * {@code 5.656854249492381}).
     *
     * @throws IllegalArgumentException for n &lt; 1, non-finite ends, or geometric spacing with an end ≤ 0
     */
    public static List<Double> points(int n, double a, double b, Spacing spacing) {
        if (n < 1) {
            throw new IllegalArgumentException("the number of points must be at least 1 (got " + n + ")");
        }
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            throw new IllegalArgumentException("both ends must be finite numbers");
        }
        if (spacing == Spacing.GEOMETRIC && (a <= 0 || b <= 0)) {
            throw new IllegalArgumentException("geometric spacing needs both ends > 0 (got " + a + " and " + b + ")");
        }
        List<Double> out = new ArrayList<>(n);
        out.add(a);
        for (int i = 1; i < n - 1; i++) {
            double f = (double) i / (n - 1);
            double v = spacing == Spacing.LINEAR ? a + (b - a) * f : a * Math.pow(b / a, f);
            out.add(new BigDecimal(v).round(new MathContext(6)).doubleValue());
        }
        if (n > 1) {
            out.add(b);
        }
        return List.copyOf(out);
    }
}
