package io.joulebench.app.fx;

import java.time.Duration;
import java.util.Locale;

/** Number and duration text for labels, locale independent so screenshots and tests read the same everywhere. */
public final class Formats {

    private Formats() {
    }

    /** "8 req/s", "0.5 req/s", "—" when unknown. */
    public static String rate(double reqPerS) {
        if (!Double.isFinite(reqPerS)) {
            return "—";
        }
        return trim(reqPerS) + " req/s";
    }

    /** {@link #rate(double)}, or "0.5 sessions/s" where the rate counts sessions (a {@code task.sessions} level). */
    public static String rate(double perS, boolean sessions) {
        if (!sessions || !Double.isFinite(perS)) {
            return rate(perS);
        }
        return trim(perS) + " sessions/s";
    }

    /** A number with up to {@code decimals} decimals and no trailing zeros. */
    public static String number(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return "—";
        }
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }

    /**
     * A number to {@code digits} significant digits but at most {@code maxDecimals} decimals (whole numbers from
     * 10^digits up), no trailing zeros: 0.627355 → "0.6274", 0.00712 → "0.0071", 403.847273 → "403.8",
     * 12345.6 → "12346" (4 digits, 4 decimals).
     */
    public static String significant(double v, int digits, int maxDecimals) {
        if (!Double.isFinite(v)) {
            return "—";
        }
        if (v == 0) {
            return "0";
        }
        int magnitude = (int) Math.floor(Math.log10(Math.abs(v)));
        return number(v, Math.max(0, Math.min(maxDecimals, digits - 1 - magnitude)));
    }

    /** A short form of a rate for axis labels: "8", "0.5". */
    public static String trim(double v) {
        return number(v, 3);
    }

    /** A fraction as a percentage with one decimal: 0.0712 → "7.1 %". */
    public static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.1f %%", fraction * 100) : "—";
    }

    /** "1:05", "1:02:03", "—" for null. */
    public static String duration(Duration d) {
        if (d == null || d.isNegative()) {
            return "—";
        }
        long s = d.toSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
