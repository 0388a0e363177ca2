package io.joulebench.core.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Plain-text rendering of a {@link StudyPlan}, shared by {@code validate} and {@code run --dry-run}. */
public final class StudyPlanFormatter {

    private StudyPlanFormatter() {
    }

    public static List<String> lines(StudyPlan plan) {
        Study study = plan.study();
        ExecutionConfig ex = study.execution();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "study %s (design %s): %d distinct cell%s × %d cycle%s = %d runs, order %s",
                study.studyName(), study.designHash(), study.cells().size(), plural(study.cells().size()),
                ex.nCycles(), plural(ex.nCycles()), plan.cells().size(), ex.order().wire()));
        out.add("");
        out.add(String.format(Locale.ROOT, "  %-4s %-16s %-5s %-7s %-10s %-10s %s", "#", "config_hash", "cycle", "mode",
                "rate", "engine", "cell"));
        for (ResolvedCell c : plan.cells()) {
            ExperimentConfig e = c.experiment();
            String rate = c.rate() == null ? (!e.isServer() ? "-"
                    : e.server().capacitySearch() != null ? "search" : "trace") : CanonicalJson.number(
                    com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.numberNode(c.rate())) + "/s";
            out.add(String.format(Locale.ROOT, "  %-4d %-16s %-5d %-7s %-10s %-10s %s", c.index(), c.configHash(),
                    c.cycle(), e.mode().wire(), rate, e.engine(), c.label()));
        }
        // one plan per search: the cells measuring its fractions share it
        java.util.Map<String, List<ResolvedCell>> searches = new java.util.LinkedHashMap<>();
        plan.cells().stream().filter(c -> c.cycle() == 1 && c.isServer()
                        && c.experiment().server().capacitySearch() != null)
                .forEach(c -> searches.computeIfAbsent(CapacityFractions.searchKey(c.config()),
                        k -> new ArrayList<>()).add(c));
        searches.values().forEach(cells -> out.addAll(searchPlan(cells)));
        out.add("");
        out.add("groups (one server launch each):");
        for (int g = 0; g < plan.groups().size(); g++) {
            SessionGroup group = plan.groups().get(g);
            ExperimentConfig first = plan.cells().get(group.cellIndices().get(0)).experiment();
            String runner = first.endpoint() == null ? first.runner()
                    : first.runner() + " " + io.joulebench.core.server.EndpointUrl.redacted(first.endpoint().url());
            out.add(String.format(Locale.ROOT, "  %d: cells %s (%s, %s, %d level%s)", g, group.cellIndices(),
                    first.engine(), runner, group.size(), plural(group.size())));
        }
        WallTimeEstimate t = plan.estimate();
        out.add("");
        out.add(String.format(Locale.ROOT, "launches: %d   measured windows: %d", plan.launches(), plan.totalWindows()));
        out.add(String.format(Locale.ROOT, "estimated wall time: %s%s (launch %s, baseline %s, warmup %s, ramp %s, "
                        + "windows %s, cooldown %s, offline %s, gaps %s%s)",
                t.warmupIsUpperBound() ? "at most " : "", duration(t.totalSeconds()), duration(t.launchSeconds()),
                duration(t.baselineSeconds()), duration(t.warmupSeconds()), duration(t.rampSeconds()),
                duration(t.measuredSeconds()), duration(t.cooldownSeconds()), duration(t.offlineSeconds()),
                duration(t.gapSeconds()), t.probeSeconds() > 0 ? ", capacity probes " + duration(t.probeSeconds())
                        : ""));
        t.assumptions().forEach(a -> out.add("  assumes " + a));
        study.notes().forEach(n -> out.add("note: " + n));
        plan.warnings().forEach(w -> out.add("warning: " + w));
        return out;
    }

    /** A search's plan: the bracket searched, the SLO, the worst-case probes, the fractions its cells measure. */
    static List<String> searchPlan(List<ResolvedCell> cells) {
        ServerConfig s = cells.getFirst().experiment().server();
        CapacitySearchConfig cs = s.capacitySearch();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "  cell%s %s: capacity search for %s%s", cells.size() == 1 ? "" : "s",
                String.join(", ", cells.stream().map(c -> Integer.toString(c.index())).toList()), cs.slo(),
                cs.maxErrorFraction() == null ? "" : String.format(Locale.ROOT, ", errors ≤ %s %%",
                        CanonicalJson.number(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                                .numberNode(100 * cs.maxErrorFraction())))));
        out.add(String.format(Locale.ROOT, "    rates %s–%s req/s to %s req/s: at most %d probes of %s "
                        + "(+ %s ramp each), then full levels at %s of the capacity", num(cs.minRate()),
                num(cs.maxRate()), num(cs.tolerance()), cs.search().worstCaseProbes(), duration(cs.probeSeconds()),
                duration(s.traffic().rampExclusionSeconds()), cells.stream()
                        .flatMap(c -> c.experiment().server().capacitySearch().measureFractions().stream())
                        .map(f -> num(100 * f) + " %").toList()));
        return out;
    }

    private static String num(double v) {
        return CanonicalJson.number(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.numberNode(v));
    }

    /** 75 → "1m15s", 3725 → "1h02m05s", 4.5 → "4.5s". */
    public static String duration(double seconds) {
        if (seconds < 60) {
            return seconds == Math.rint(seconds) ? (long) seconds + "s" : String.format(Locale.ROOT, "%.1fs", seconds);
        }
        long s = Math.round(seconds);
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s % 3600 / 60, s % 60);
    }

    private static String plural(int n) {
        return n == 1 ? "" : "s";
    }
}
