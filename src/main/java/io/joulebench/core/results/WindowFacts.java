package io.joulebench.core.results;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.energy.HeadlineDomain;
import io.joulebench.core.energy.DeviceGroups;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.SessionCounts;
import io.joulebench.core.window.SloResult;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The typed window row: one window of a closed level with the study facts around it, and every derived value a
 * results file reports, computed once here. {@link WindowColumn} reads windows.csv's cells from it and
 * {@link WindowResultJson} the same values for result.json, so the two files cannot disagree. A server-only value
 * (traffic, dispatch lag, cap-bound, SLO, warmup) is null for an offline window; null is an empty cell.
 */
public record WindowFacts(LevelResult level, WindowRecord window, String windowId, String studyName,
                          String toolVersion) {

    /** windows.csv's {@code arrival} of a replayed trace's window. */
    public static final String TRACE_ARRIVAL = "trace";

    public boolean server() {
        return level.cell().isServer();
    }

    public ExperimentConfig experiment() {
        return level.cell().experiment();
    }

    /** The traffic of a server cell; null offline. */
    public TrafficConfig traffic() {
        return server() ? experiment().server().traffic() : null;
    }

    public BracketResult bracket() {
        return window.bracket();
    }

    public double durationS() {
        return Math.max(0, window.spanEndNanos() - window.spanStartNanos()) / 1e9;
    }

    public String arrival() {
        TrafficConfig t = traffic();
        return t == null ? null : t.trace() != null ? TRACE_ARRIVAL : t.arrival().label();
    }

    /** The CV of inter-arrival gaps: 1 for Poisson, 0 for constant, the burstiness (default 1) for gamma. */
    public Double burstinessCv() {
        TrafficConfig t = traffic();
        if (t == null || t.trace() != null) {
            return null;
        }
        if (t.arrival() == ArrivalProcess.CONSTANT) {
            return 0.0;
        }
        if (t.arrival() == ArrivalProcess.GAMMA) {
            return t.burstiness() == null ? 1.0 : t.burstiness();
        }
        return 1.0;
    }

    public Double gammaShapeK() {
        Double cv = burstinessCv();
        return cv == null || cv <= 0 ? null : 1.0 / (cv * cv);
    }

    public String windowStartUtc() {
        BracketResult b = bracket();
        return b == null || b.startUtc() == null ? null : b.startUtc().toString();
    }

    public String energyKind() {
        BracketResult b = bracket();
        return b != null ? b.kind().label() : level.energy() == null ? null : level.energy().kind().label();
    }

    public String energyMethod() {
        BracketResult b = bracket();
        return b != null ? b.method().label() : level.energy() == null ? null : level.energy().method().label();
    }

    public String energySource() {
        BracketResult b = bracket();
        return b != null ? b.source() : level.energy() == null ? null : level.energy().source();
    }

    public Double energyTruthJ() {
        return bracket() == null ? null : bracket().truthJ();
    }

    public Double crossCheckRelDiff() {
        return bracket() == null ? null : bracket().crossCheckRelDiff();
    }

    public Double baselinePowerW() {
        return level.energy() == null ? null : level.energy().baselinePowerW();
    }

    /**
     * {@code energy − baseline × duration}; null when either is missing, and when the headline is not the session
     * meter's domain (the baseline is the session meter's idle power). May be negative (flagged in result.json).
     */
    public Double energyAdjustedJ() {
        Double baseline = baselinePowerW();
        BracketResult b = bracket();
        boolean primaryHeadline = b == null || b.headline() == null || b.headline() == HeadlineDomain.GPU;
        if (window.energyJ() == null || baseline == null || !primaryHeadline) {
            return null;
        }
        return window.energyJ() - baseline * durationS();
    }

    public Double mjPerTokenAdjusted() {
        Double adjusted = energyAdjustedJ();
        return adjusted == null || window.tokens() <= 0 ? null : adjusted / window.tokens() * 1000;
    }

    /** The window's result for one energy domain; null when no meter measured it. */
    public BracketResult domain(EnergyDomain d) {
        BracketResult b = bracket();
        return b == null ? null : b.domain(d);
    }

    /** A value of the host domain's result (issue 18); null without a host figure. */
    public <T> T host(Function<BracketResult, T> value) {
        return domain(EnergyDomain.HOST, value);
    }

    /** {@code value} of domain {@code d}'s own result, or null when no meter measured it. */
    public <T> T domain(EnergyDomain d, Function<BracketResult, T> value) {
        BracketResult r = domain(d);
        return r == null ? null : value.apply(r);
    }

    /** The domains a node figure sums ({@code gpu+host}); null without a node figure. */
    public String nodeEnergyDomains() {
        BracketResult b = bracket();
        return b == null || b.nodeEnergyJ() == null ? null
                : EnergyDomain.GPU.label() + "+" + EnergyDomain.HOST.label();
    }

    /** What {@code energy_j} is: {@code gpu}, {@code host} or {@code node}; the study's choice without a bracket. */
    public String headlineDomain() {
        BracketResult b = bracket();
        return b != null ? b.headlineDomain() : experiment().measurement().headlineDomain().wire();
    }

    public Double levelCov() {
        LevelValidation v = level.outcome() == null ? null : level.outcome().validation();
        return v == null ? null : v.cv();
    }

    /** The level's reason for being invalid: the session's (abort, close) or the gate's; null when valid. */
    public String invalidReason() {
        return invalidReason(level);
    }

    static String invalidReason(LevelResult level) {
        if (level.invalidReason() != null) {
            return level.invalidReason();
        }
        if (level.outcome() != null && !level.outcome().validation().valid()) {
            return level.outcome().validation().reason();
        }
        return level.valid() ? null : "the level produced no validation";
    }

    public Double outputTokensPerS() {
        double duration = durationS();
        return duration > 0 ? window.tokens() / duration : null;
    }

    /** The experiment's {@code measurement.device_groups}. */
    public DeviceGroups deviceGroups() {
        return experiment().measurement() == null ? DeviceGroups.NONE : experiment().measurement().deviceGroups();
    }

    /** Each device group's energy in the window's GPU domain, in name order; empty without groups. */
    public Map<String, Double> groupEnergyJ() {
        return deviceGroups().energyJ(domain(EnergyDomain.GPU));
    }

    /**
     * Each group's energy over the window's output tokens: the deployment's tokens for every group, so a prefill
     * group's figure is its share of the J/token, not an energy per prefill token (docs/methodology.md).
     */
    public Map<String, Double> groupJPerToken() {
        Map<String, Double> out = new LinkedHashMap<>();
        groupEnergyJ().forEach((name, j) -> out.put(name, j != null && window.tokens() > 0 ? j / window.tokens() : null));
        return out;
    }

    /** A value of the window's metrics; null when it has none. */
    public <T> T metric(Function<WindowMetrics, T> value) {
        return window.metrics() == null ? null : value.apply(window.metrics());
    }

    /** A percentile of one latency of the window's metrics; null when absent. */
    public Double latency(Function<WindowMetrics, LatencyPercentiles> latency,
                          Function<LatencyPercentiles, Double> percentile) {
        LatencyPercentiles p = metric(latency);
        return p == null ? null : percentile.apply(p);
    }

    /** A value of the window's metrics that only a server window reports; null offline or without metrics. */
    public <T> T serverMetric(Function<WindowMetrics, T> value) {
        return server() ? metric(value) : null;
    }

    /** A percentile of the dispatch lateness (server windows only). */
    public Double dispatchLag(Function<LatencyPercentiles, Double> percentile) {
        LatencyPercentiles p = serverMetric(WindowMetrics::dispatchLateness);
        return p == null ? null : percentile.apply(p);
    }

    /**
     * Whether the window meets the SLO: the per-request overlay's verdict ({@code server.traffic.slo}) where the study
     * sets one, else, on a capacity search's level, whether the window meets every bound of the search's SLO on its
     * own figures (the search judges a level by its worst window, so its verdict is every window's); null without an
     * SLO or when a bound's figure is missing.
     */
    public Boolean sloPass() {
        Boolean overlay = slo(SloResult::pass);
        if (overlay != null || !server() || experiment().server().capacitySearch() == null) {
            return overlay;
        }
        io.joulebench.core.slo.Slo search = experiment().server().capacitySearch().slo();
        if (search == null || search.bounds().isEmpty()) {
            return null;
        }
        boolean meets = true;
        for (io.joulebench.core.slo.Slo.Bound b : search.bounds()) {
            Object v = WindowColumn.byHeader(b.metric().column()).map(c -> c.value(this)).orElse(null);
            if (!(v instanceof Number n)) {
                return null;
            }
            meets &= b.meets(n.doubleValue());
        }
        return meets;
    }

    /** A count of the window's conversations; null without metrics or without a session workload. */
    public <T> T sessions(Function<SessionCounts, T> value) {
        return metric(m -> m.sessions() == null ? null : value.apply(m.sessions()));
    }

    /** A value of the window's workload fidelity; null without metrics. */
    public <T> T fidelity(Function<ReplayFidelity, T> value) {
        return metric(m -> value.apply(m.fidelity()));
    }

    /**
     * Energy over the window's output tokens plus the prompt tokens the server reported for the requests the window
     * owns; null without energy, without reported prompt tokens, or without tokens.
     */
    public Double jPerTotalToken() {
        Long input = fidelity(ReplayFidelity::inputTokens);
        long total = window.tokens() + (input == null ? 0 : input);
        return window.energyJ() == null || input == null || total <= 0 ? null : window.energyJ() / total;
    }

    /** A value of the SLO overlay (server windows with an SLO only). */
    public <T> T slo(Function<SloResult, T> value) {
        SloResult s = serverMetric(WindowMetrics::slo);
        return s == null ? null : value.apply(s);
    }

    /** A value of the warmup before the level (server windows that had one only). */
    public <T> T warmup(Function<WarmupResult, T> value) {
        WarmupResult w = level.warmup();
        return server() && w != null ? value.apply(w) : null;
    }
}
