package io.joulebench.core.compare;

import io.joulebench.core.results.WindowRow;
import io.joulebench.core.slo.LevelMetric;
import java.util.List;
import java.util.Map;

/**
 * One configuration at one rate, over all its cycles: J/token as Σ energy / Σ tokens of its windows with a 95 %
 * interval, whether every cycle's level was valid, and its latency and goodput figures (the mean over its windows,
 * {@link io.joulebench.core.results.LevelFigures}, as By rate and the live table show them; the SLO is checked
 * against the worst window).
 *
 * @param configHashes  the cells' config hashes (one per rate, normally)
 * @param cycles        how many cycles measured it
 * @param windows       windows that entered the sums (energy and tokens recorded)
 * @param windowsSkipped windows without an energy or token figure, left out of the sums
 * @param energyJ       Σ energy_j
 * @param tokens        Σ output_tokens
 * @param valid         every cycle's level passed the level rules
 * @param invalidReason why not (per cycle when there are several); empty when valid
 * @param metrics       each recorded {@link LevelMetric}: the mean over the windows ({@code LevelFigures.ofColumn})
 * @param worstWindow   each recorded {@link LevelMetric}: its worst window, what the SLO and its interpolation use
 * @param energyKind    the windows' energy_kind values, joined
 * @param rows          the windows.csv rows it came from
 * @param sloViolations the SLO bounds it breaks; empty when it meets the SLO
 * @param onParetoFront not dominated on (J/token, the chosen latency) among the valid levels
 */
public record Level(Configuration configuration, double rate, List<String> configHashes, int cycles, int windows,
                    int windowsSkipped, double energyJ, double tokens, Estimate jPerToken, boolean valid,
                    String invalidReason, Map<LevelMetric, Double> metrics, Map<LevelMetric, Double> worstWindow,
                    String energyKind, List<WindowRow> rows, List<String> sloViolations, boolean onParetoFront) {

    public Level {
        configHashes = List.copyOf(configHashes);
        metrics = Map.copyOf(metrics);
        worstWindow = Map.copyOf(worstWindow);
        rows = List.copyOf(rows);
        sloViolations = List.copyOf(sloViolations);
    }

    public boolean meetsSlo() {
        return sloViolations.isEmpty();
    }

    /** The level figure (mean over its windows); NaN when not recorded. */
    public double metric(LevelMetric m) {
        Double v = metrics.get(m);
        return v == null ? Double.NaN : v;
    }

    /** The worst window's figure (what the SLO is checked against); NaN when not recorded. */
    public double worst(LevelMetric m) {
        Double v = worstWindow.get(m);
        return v == null ? Double.NaN : v;
    }

    Level withSlo(List<String> violations) {
        return new Level(configuration, rate, configHashes, cycles, windows, windowsSkipped, energyJ, tokens,
                jPerToken, valid, invalidReason, metrics, worstWindow, energyKind, rows, violations, onParetoFront);
    }

    Level withFront(boolean front) {
        return new Level(configuration, rate, configHashes, cycles, windows, windowsSkipped, energyJ, tokens,
                jPerToken, valid, invalidReason, metrics, worstWindow, energyKind, rows, sloViolations, front);
    }

    @Override
    public String toString() {
        return configuration.label() + " @ " + Formats.rate(rate);
    }
}
