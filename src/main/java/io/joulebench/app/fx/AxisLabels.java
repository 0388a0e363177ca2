package io.joulebench.app.fx;

import java.util.Locale;
import javafx.scene.chart.NumberAxis;
import javafx.util.StringConverter;

/** Fixed bounds for a value axis with tick labels of one width, so the axis label never overlaps them. */
public final class AxisLabels {

    private AxisLabels() {
    }

    /** Sets {@code [0, upper]} in {@code ticks} steps with labels all carrying the decimals the step needs. */
    public static void fixedFromZero(NumberAxis axis, double upper, int ticks) {
        double unit = upper / ticks;
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(unit) + 1e-9));
        if (Math.abs(unit * Math.pow(10, decimals) - Math.rint(unit * Math.pow(10, decimals))) > 1e-6) {
            decimals++;
        }
        String pattern = "%." + decimals + "f";
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setUpperBound(upper);
        axis.setTickUnit(unit);
        axis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return String.format(Locale.ROOT, pattern, n.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return Double.parseDouble(s);
            }
        });
    }
}
