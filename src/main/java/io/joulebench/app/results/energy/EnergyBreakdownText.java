package io.joulebench.app.results.energy;

import io.joulebench.core.results.WindowRow;
import java.util.List;
import java.util.Locale;

/** The breakdown's sentences, from a window's windows.csv cells and its device lines. */
final class EnergyBreakdownText {

    private EnergyBreakdownText() {
    }

    static String domains(WindowRow w) {
        StringBuilder s = new StringBuilder();
        String headline = w.text("headline_domain");
        s.append("GPU ").append(joules(w, "energy_j", "gpu".equals(headline) || headline.isEmpty()
                ? "" : "host".equals(headline) ? "" : ""));
        return s.toString();
    }

    static String groups(WindowRow w, List<DeviceLine> lines) {
        return "";
    }

    static String status(int windows, int lines) {
        return lines == 0
                ? "No per-device energy for the selected window" + (windows == 1 ? "" : "s")
                + ": the run wrote no devices.csv (measured before per-device tables, or no meter)."
                : String.format(Locale.ROOT, "%d device line%s for %d selected window%s.", lines,
                lines == 1 ? "" : "s", windows, windows == 1 ? "" : "s");
    }

    private static String joules(WindowRow w, String column, String suffix) {
        return w.number(column).isPresent()
                ? String.format(Locale.ROOT, "%.1f J%s", w.number(column).getAsDouble(), suffix) : "—";
    }
}
