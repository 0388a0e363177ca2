package io.joulebench.core.session;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.capacity.Prober;
import io.joulebench.core.study.CapacityFractions;
import io.joulebench.core.study.CapacitySearchConfig;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.ServerConfig;
import io.joulebench.core.window.AbortedLevelException;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelPlan;
import io.joulebench.core.window.WindowManager;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A capacity-search cell's rate, found on this session's server: the search's probes are short levels (ramp, then one
 * window of {@code probe_seconds}) whose latency figures and failed-request share decide each verdict; their energy
 * is bracketed as any window's but never kept, and no listener sees them as windows. The cell is then measured at
 * capacity × its fraction as an ordinary level. Cells that differ only in their fraction share one search per session
 * (the search runs once, before the first of them).
 */
final class CapacityRun {

    private static final Logger LOG = LoggerFactory.getLogger(CapacityRun.class);
    /** The failure type of a cell whose search found no rate meeting the SLO. */
    static final String NO_CAPACITY = "NoCapacity";

    private final ActiveSession s;
    private final Map<String, CapacitySearch.Result> found = new HashMap<>();

    CapacityRun(ActiveSession session) {
        this.s = session;
    }

    /**
     * The cell as it is measured: at capacity × its fraction. Null when the search found no rate in range (the caller
     * fails the cell with {@link #reason}).
     */
    ResolvedCell measuredCell(ResolvedCell cell, int level) throws InterruptedException {
        CapacitySearchConfig c = cell.experiment().server().capacitySearch();
        CapacitySearch.Result r = found.get(key(cell));
        if (r == null) {
            r = c.search().run(rate -> probe(cell, level, rate), s.output().listener()::capacitySearchUpdated);
            found.put(key(cell), r);
            s.output().capacitySearched(cell, withEveryFraction(cell, c), r);
            LOG.info("session {}: capacity search for {}: {}", s.sessionId(), cell.label(), r.lines().getLast());
        }
        if (r.capacity() == null) {
            return null;
        }
        double rate = r.measuredRates(List.of(fraction(c))).getFirst();
        return cell.withExperiment(at(cell.experiment(), rate));
    }

    /** Why a cell has no measured level: the search's last line (e.g. "no capacity: 4 req/s already breaks the SLO"). */
    String reason(ResolvedCell cell) {
        CapacitySearch.Result r = found.get(key(cell));
        return r == null ? "capacity search did not finish" : r.lines().getLast();
    }

    /** The one fraction a cell measures (a study's list of fractions is one cell per fraction). */
    static double fraction(CapacitySearchConfig c) {
        return c.measureFractions().getFirst();
    }

    /** One probe: ramp excluded, one window at {@code rate}; a probe that could not close a window breaks the SLO. */
    private Prober.Figures probe(ResolvedCell cell, int level, double rate) throws InterruptedException {
        ResolvedCell at = cell.withExperiment(at(cell.experiment(), rate));
        ServerConfig server = at.experiment().server();
        WindowSpec spec = WindowSpec.builder().rate(rate)
                .durationSeconds(server.capacitySearch().probeSeconds())
                .rampExclusionSeconds(server.traffic().rampExclusionSeconds()).windowsPerLevel(1)
                .cvThreshold(server.stabilityCvThreshold()).maxErrorFraction(1).build();
        LevelPlan plan = LevelPlan.builder(spec, s.traffic().source(at, false), s.traffic().transport(),
                s.measurement()::bracket).drainTimeout(s.traffic().drainTimeout()).levelIndex(level).build();
        List<WindowRecord> windows;
        try {
            LevelOutcome o = new WindowManager(s.measurement().clock()).runLevel(plan);
            windows = o.windows();
        } catch (AbortedLevelException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("interrupted during a capacity probe");
            }
            LOG.info("session {}: probe at {} req/s closed no window: {}", s.sessionId(),
                    String.format(Locale.ROOT, "%.3g", rate), e.abortedLevel().reason());
            windows = e.abortedLevel().completedWindows();
        }
        if (windows.isEmpty() || windows.getFirst().metrics() == null) {
            return new Prober.Figures(Map.of(), 1);
        }
        return ProbeFigures.of(windows.getFirst().metrics());
    }

    /** The search's settings with the fractions of every cell of this session that shares it, in order. */
    private CapacitySearchConfig withEveryFraction(ResolvedCell cell, CapacitySearchConfig c) {
        List<Double> fractions = s.cells().stream().filter(o -> o.isServer()
                        && o.experiment().server().capacitySearch() != null && key(o).equals(key(cell)))
                .map(o -> fraction(o.experiment().server().capacitySearch())).distinct().toList();
        return new CapacitySearchConfig(c.slo(), c.maxErrorFraction(), c.minRate(), c.maxRate(), c.tolerance(),
                c.probeSeconds(), fractions);
    }

    private static ExperimentConfig at(ExperimentConfig e, double rate) {
        return e.withServer(e.server().withTraffic(e.server().traffic().withRate(rate)));
    }

    private static String key(ResolvedCell cell) {
        return CapacityFractions.searchKey(cell.config());
    }
}
