package io.joulebench.app.run;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Probe;
import io.joulebench.core.capacity.SearchProgress;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RunEventText;
import io.joulebench.core.study.CapacitySearchConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A followed run's capacity search, rebuilt from its {@code capacity_probe} and {@code capacity_search_finished}
 * lines in events.jsonl and the search's settings in the folder's study: the same {@link SearchProgress} the live
 * view gets from a run in this workbench. A probe after a finished search starts the next search.
 */
final class FollowedSearch {

    private CapacitySearch settings;
    private final List<Probe> probes = new ArrayList<>();
    private SearchProgress progress;

    SearchProgress progress() {
        return progress;
    }

    void apply(RunEvent e, StudyPlan plan) {
        if (plan == null || !(e instanceof RunEvent.CapacityProbe || e instanceof RunEvent.CapacitySearchFinished)) {
            return;
        }
        boolean finished = e instanceof RunEvent.CapacitySearchFinished;
        if (!finished && progress != null && progress.result() != null) {
            probes.clear();
            settings = null;
        }
        if (settings == null) {
            settings = firstSearch(plan, progress == null ? null : progress.search());
            if (settings == null) {
                return;
            }
        }
        switch (e) {
            case RunEvent.CapacityProbe p -> {
                Probe said = RunEventText.probe(p);
                // a file older than the typed events has no violations: they are the study's SLO over the figures
                List<String> violations = new ArrayList<>(p.violations() != null ? p.violations()
                        : settings.slo().violations(said.figures()));
                if (!p.meets() && violations.isEmpty()) {
                    violations.add(String.format(Locale.ROOT, "errors %.1f %%", 100 * p.errorFraction()));
                }
                probes.add(new Probe(said.rate(), said.figures(), said.errorFraction(), violations));
                progress = new SearchProgress(settings, probes, p.bracketLow(), high(p.bracketHigh()), null);
            }
            case RunEvent.CapacitySearchFinished f -> {
                CapacitySearch.Outcome outcome = f.outcome() == null ? CapacitySearch.Outcome.BRACKETED : f.outcome();
                progress = new SearchProgress(settings, probes, f.bracketLow(), high(f.bracketHigh()),
                        new CapacitySearch.Result(probes, outcome, f.capacity(), f.bracketLow(),
                                high(f.bracketHigh())));
            }
            default -> {
            }
        }
    }

    private static double high(Double h) {
        return h == null ? Double.POSITIVE_INFINITY : h;
    }

    /** The plan's first search other than {@code after} (the one a finished search was). */
    private static CapacitySearch firstSearch(StudyPlan plan, CapacitySearch after) {
        for (ResolvedCell cell : plan.cells()) {
            CapacitySearchConfig c = cell.isServer() ? cell.experiment().server().capacitySearch() : null;
            if (c != null && !c.search().equals(after)) {
                return c.search();
            }
        }
        return null;
    }
}
