package io.joulebench.core.compare;

import java.util.Locale;

/** Number formatting for verdicts, tables and the report: a '.' decimal point whatever the locale. */
public final class Formats {

    private Formats() {
    }

    /** Up to 4 significant digits, no trailing zeros ({@code 500}, {@code 0.1133}, {@code 12.5}); "–" for NaN. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return String.valueOf((long) v);
        }
        String s = new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros()
                .toPlainString();
        return s;
    }

    /** J/token with 4 decimals ({@code 0.1133}); "–" for NaN. */
    public static String jPerToken(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.4f", v);
    }

    /** A percentage with one decimal ({@code 12.3}). */
    public static String percent(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    public static String rate(double v) {
        return number(v) + " req/s";
    }
}
