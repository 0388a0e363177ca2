package io.joulebench.cli;

import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.PrometheusEnergyMeter;
import io.joulebench.core.precision.ScrapePrecision;
import io.joulebench.core.study.PrometheusConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * {@code validate}'s look at a Prometheus source before anything is sent to the server: runs each distinct
 * {@code measurement.prometheus} query once, prints the series it matches (what the results will name) and where the
 * scrape interval came from, and judges the windows against that interval ({@link ScrapePrecision}). A query
 * matching nothing, an unreachable Prometheus, a URL that is not one, or windows shorter than a scrape interval is a
 * sentence on stderr and a false return (exit 2).
 */
final class PrometheusScope {

    private PrometheusScope() {
    }

    static boolean check(StudyPlan plan, PrintWriter out, PrintWriter err) {
        Set<PrometheusConfig> configs = new LinkedHashSet<>();
        for (ResolvedCell cell : plan.cells()) {
            var m = cell.experiment().measurement();
            if (EnergySource.PROMETHEUS.wire().equals(m.energySampler()) && m.prometheus() != null) {
                configs.add(m.prometheus());
            }
        }
        boolean ok = true;
        for (PrometheusConfig config : configs) {
            try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(config.settings(System.getenv()),
                    Clock.system())) {
                out.println("prometheus: " + config.query() + " at " + config.url() + " matches "
                        + meter.seriesNames().size() + " series (scrape interval "
                        + meter.scrapeInterval().toMillis() / 1000.0 + " s, from " + meter.scrapeIntervalFrom() + "):");
                meter.seriesNames().forEach(name -> out.println("  " + name));
                meter.warnings().forEach(w -> out.println("warning: " + w));
                ScrapePrecision.Findings findings = ScrapePrecision.of(plan, meter.scrapeInterval());
                findings.warnings().forEach(out::println);
                findings.errors().forEach(e -> err.println(e));
                ok &= findings.errors().isEmpty();
            } catch (MeterException | IllegalArgumentException e) {
                err.println(PrometheusConfig.KEY + ": " + e.getMessage());
                ok = false;
            }
        }
        return ok;
    }
}
