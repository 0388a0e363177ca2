package io.joulebench.core.precision;

import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a Prometheus source's scrape interval costs a study's windows: each edge is interpolated between samples one
 * scrape interval apart, so a window's energy is uncertain by about interval / window. A window shorter than
 * {@value #FEW_INTERVALS} intervals is warned about; one shorter than a single interval is an error, since its energy
 * would come from samples outside it.
 */
public final class ScrapePrecision {

    /** Windows shorter than this many scrape intervals get a warning. */
    public static final int FEW_INTERVALS = 4;

    /** The sentences for a plan measured by a Prometheus source with this scrape interval. */
    public record Findings(List<String> errors, List<String> warnings) {
    }

    private ScrapePrecision() {
    }

    public static Findings of(StudyPlan plan, Duration scrapeInterval) {
        double scrape = scrapeInterval.toMillis() / 1000.0;
        Set<String> errors = new LinkedHashSet<>();
        Set<String> warnings = new LinkedHashSet<>();
        for (ResolvedCell cell : plan.cells()) {
            if (!cell.isServer() || cell.rate() == null
                    || !EnergySource.PROMETHEUS.wire().equals(cell.experiment().measurement().energySampler())) {
                continue;
            }
            double window = cell.experiment().server().traffic().levelWindowSeconds();
            String level = String.format(Locale.ROOT, "rate %s: %s s windows", num(cell.rate()), num(window));
            if (window < scrape) {
                errors.add(String.format(Locale.ROOT, "server.traffic.window_seconds: %s are shorter than the"
                        + " Prometheus scrape interval (%s s): their energy would come from samples outside them;"
                        + " lengthen the windows or scrape more often", level, num(scrape)));
            } else if (window < FEW_INTERVALS * scrape) {
                warnings.add(String.format(Locale.ROOT, "warning: %s are shorter than %d Prometheus scrape intervals"
                        + " (%s s): each window's energy is uncertain by about ±%.0f %%", level, FEW_INTERVALS,
                        num(scrape), 100 * scrape / window));
            }
        }
        return new Findings(new ArrayList<>(errors), new ArrayList<>(warnings));
    }

    private static String num(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
