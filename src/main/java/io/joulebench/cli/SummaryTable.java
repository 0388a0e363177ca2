package io.joulebench.cli;

import io.joulebench.core.results.CellSummary;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.study.DisplayNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The table printed when a run or resume ends: one row per cell, then the counts and the folder. */
final class SummaryTable {

    private SummaryTable() {
    }

    static List<String> lines(StudyRunResult result) {
        List<String> out = new ArrayList<>();
        String format = "%-4s %-16s %-5s %-9s %-7s %-12s %-10s %-10s %s";
        out.add(String.format(Locale.ROOT, format, "#", "config_hash", "cycle", "rate", "windows", "J/token", "kind",
                "status", "level / reason"));
        for (ManifestEntry e : result.entries()) {
            CellSummary s = e.summary();
            // a session level's rate counts sessions; the requests per second they resulted in follow its verdict
            String rate = s == null ? "-" : s.sessionsPerS() != null ? ProgressPrinter.number(s.sessionsPerS())
                    + " sess/s" : s.rateReqS() == null ? "-" : ProgressPrinter.number(s.rateReqS()) + "/s";
            // the level's figure is Σenergy / Σtokens, as in every other view (RatioEstimator), not the mean of the
            // windows' ratios, which weighs a short window's J/token like a long one's
            String jpt = s == null || s.mjPerToken() == null ? "-"
                    : String.format(Locale.ROOT, "%.5g", s.mjPerToken() / 1000);
            String level = switch (e.status()) {
                case COMPLETED -> "valid";
                case FAILED -> (s == null ? "failed" : "invalid") + ": " + e.reason();
                case RUNNING -> "interrupted";
                case PENDING -> "not run";
            };
            if (s != null && s.sessionsPerS() != null) {
                level += s.rateReqS() == null ? "; no request completed"
                        : "; " + ProgressPrinter.number(s.rateReqS()) + " req/s resulted";
            }
            out.add(String.format(Locale.ROOT, format, DisplayNumber.of(e.cellIndex()), e.configHash(), e.cycle(), rate,
                    e.windowIds().size(), jpt, s == null || s.energyKind() == null ? "-" : s.energyKind(),
                    e.status().wire(), level));
        }
        out.add("");
        try {
            out.addAll(io.joulebench.core.results.CapacityFiles.summaryLines(result.folder()));
        } catch (java.io.IOException e) {
            out.add("capacity search: " + io.joulebench.core.results.CapacityFiles.JSON + " unreadable: "
                    + e.getMessage());
        }
        out.add(String.format(Locale.ROOT, "%d completed, %d failed, %d unfinished; %d windows in %s",
                result.completed(), result.failed(), result.unfinished(), result.totalWindows(), result.folder()));
        return out;
    }
}
