package io.joulebench.core.session;

import io.joulebench.core.capacity.Prober;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.WindowMetrics;
import java.util.EnumMap;
import java.util.Map;

/**
 * A capacity-search probe's figures from its one window: each latency percentile the window has (the same figures
 * as its windows.csv columns) and the share of its in-window requests that ended in error or timeout. For the
 * session's {@link Prober}; the probe's energy is never read.
 */
public final class ProbeFigures {

    private ProbeFigures() {
    }

    public static Prober.Figures of(WindowMetrics m) {
        Map<LevelMetric, Double> out = new EnumMap<>(LevelMetric.class);
        put(out, m.ttft(), LevelMetric.TTFT_P50, LevelMetric.TTFT_P90, LevelMetric.TTFT_P99);
        put(out, m.tpot(), LevelMetric.TPOT_P50, LevelMetric.TPOT_P90, LevelMetric.TPOT_P99);
        put(out, m.itl(), LevelMetric.ITL_P50, LevelMetric.ITL_P90, LevelMetric.ITL_P99);
        put(out, m.e2e(), LevelMetric.E2E_P50, LevelMetric.E2E_P90, LevelMetric.E2E_P99);
        double failed = m.inWindowCount() == 0 ? 0 : (double) (m.errorCount() + m.timeoutCount()) / m.inWindowCount();
        return new Prober.Figures(out, failed);
    }

    /** A missing percentile is left out, so a bound on it reads "not recorded" and the probe fails. */
    private static void put(Map<LevelMetric, Double> out, LatencyPercentiles p, LevelMetric p50, LevelMetric p90,
                            LevelMetric p99) {
        if (p == null) {
            return;
        }
        if (p.p50Ms() != null) {
            out.put(p50, p.p50Ms());
        }
        if (p.p90Ms() != null) {
            out.put(p90, p.p90Ms());
        }
        if (p.p99Ms() != null) {
            out.put(p99, p.p99Ms());
        }
    }
}
