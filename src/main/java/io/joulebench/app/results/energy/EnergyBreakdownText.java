package io.joulebench.app.results.energy;

import io.joulebench.core.results.GroupFigures.GroupFigure;
import io.joulebench.core.results.WindowRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The breakdown's sentences for one window: its domains from its windows.csv cells (each with its own kind, method
 * and source, and which one the headline is), its groups from its result.json.
 */
final class EnergyBreakdownText {

    private EnergyBreakdownText() {
    }

    /**
     * E.g. "GPU 81.2 J (simulated, counter, simulated) · host 12.0 J (estimated, integrated-power, cpu-estimate) ·
     * node 93.2 J (gpu+host) — headline: gpu". A run without a host meter says only the headline's figure.
     */
    static String domains(WindowRow w) {
        String headline = w.text("headline_domain").isEmpty() ? "gpu" : w.text("headline_domain");
        List<String> parts = new ArrayList<>();
        if (!"gpu".equals(headline) && w.number("gpu_energy_j").isPresent()) {
            parts.add("GPU " + joules(w, "gpu_energy_j"));
        }
        if (!"node".equals(headline)) {
            parts.add(label(headline) + " " + joules(w, "energy_j") + labels(w.text("energy_kind"),
                    w.text("energy_method"), w.text("energy_source")));
        }
        if (!"host".equals(headline) && !w.text("host_energy_source").isEmpty()) {
            parts.add("host " + joules(w, "host_energy_j") + labels(w.text("host_energy_kind"),
                    w.text("host_energy_method"), w.text("host_energy_source")));
        }
        if (w.number("node_energy_j").isPresent()) {
            parts.add("node " + joules(w, "node_energy_j") + " (" + w.text("node_energy_domains") + ")");
        }
        return String.join(" · ", parts) + " — J/token is the " + headline + " figure";
    }

    /** E.g. "Groups: decode 40.4 J, 2.527 J/token · prefill 40.4 J, 2.527 J/token (per output token)". */
    static String groups(List<GroupFigure> groups) {
        if (groups.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (GroupFigure g : groups) {
            parts.add(g.group() + " " + (g.energyJ() == null ? "—" : format("%.1f J", g.energyJ()))
                    + (g.jPerToken() == null ? "" : format(", %.4g J/token", g.jPerToken())));
        }
        return "Groups: " + String.join(" · ", parts) + " (J/token over the deployment's output tokens)";
    }

    static String status(int windows, int lines) {
        return lines == 0
                ? "No per-device energy for the selected window" + (windows == 1 ? "" : "s")
                + ": the run wrote no devices.csv (measured before per-device tables, or without a meter)."
                : format("%d device line%s for %d selected window%s.", lines, lines == 1 ? "" : "s", windows,
                windows == 1 ? "" : "s");
    }

    private static String label(String domain) {
        return "gpu".equals(domain) ? "GPU" : domain;
    }

    private static String labels(String kind, String method, String source) {
        return " (" + String.join(", ", List.of(kind, method, source).stream().filter(s -> !s.isEmpty()).toList())
                + ")";
    }

    private static String joules(WindowRow w, String column) {
        return w.number(column).isPresent() ? format("%.1f J", w.number(column).getAsDouble()) : "—";
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
