package io.joulebench.core.compare;

import io.joulebench.core.results.WindowFacts;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replayed trace's figure with its interval (docs/decisions/0019): the windows of one trace configuration (one
 * {@code config_hash}: the same slice at the same {@code time_scale}) over every cycle of the study, estimated by
 * {@link RatioEstimator}. With {@code study_execution.n_cycles} ≥ 2 each cycle is one replay and the interval is over
 * the replays (between-run spread); with one cycle it is over the replay's windows, which for a non-stationary trace
 * mostly says how its load varied, and the line says which.
 */
public final class ReplayEstimates {

    /** One trace configuration's estimate. */
    public record Replay(String configHash, Estimate estimate) {

        /** "replay 3fa2c1d0: 0.1234 J/token, 95 % interval 0.1200–0.1270 over 3 replays (cycles)". */
        public String line() {
            String head = "replay " + configHash.substring(0, Math.min(8, configHash.length())) + ": "
                    + Formats.jPerToken(estimate.value()) + " J/token";
            if (!estimate.hasInterval()) {
                return head + ", no interval (one unit)";
            }
            String over = estimate.basis() == IntervalBasis.CYCLES ? estimate.units() + " replays (cycles)"
                    : estimate.units() + " windows of one replay; repeat it with study_execution.n_cycles for "
                    + "an interval over replays";
            return head + ", 95 % interval " + Formats.jPerToken(estimate.ciLow()) + "–"
                    + Formats.jPerToken(estimate.ciHigh()) + " over " + over;
        }
    }

    private ReplayEstimates() {
    }

    /** Each trace configuration among {@code rows} ({@code arrival = trace}), in first-seen order. */
    public static List<Replay> of(List<WindowRow> rows) {
        Map<String, List<WindowRow>> byConfig = new LinkedHashMap<>();
        for (WindowRow r : rows) {
            if (WindowFacts.TRACE_ARRIVAL.equals(r.text(WindowsCsvColumns.ARRIVAL))) {
                byConfig.computeIfAbsent(r.raw(WindowsCsvColumns.CONFIG_HASH), k -> new ArrayList<>()).add(r);
            }
        }
        List<Replay> out = new ArrayList<>();
        byConfig.forEach((hash, windows) -> out.add(new Replay(hash, RatioEstimator.ofRows(windows))));
        return out;
    }
}
