package io.joulebench.core.results;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.SloResult;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One window of a closed level → one {@code windows.csv} row, keyed by {@link WindowsCsvColumns#ALL}. Null stays null
 * (an empty cell). An offline window fills the same row and leaves the server-only fields (traffic, dispatch lag,
 * cap-bound, SLO, warmup) empty.
 */
public final class WindowRowMapper {

    private final String studyName;
    private final String toolVersion;

    public WindowRowMapper(String studyName, String toolVersion) {
        this.studyName = studyName;
        this.toolVersion = toolVersion;
    }

    /** The row's values in {@link WindowsCsvColumns#ALL} order. */
    public List<Object> values(LevelResult level, WindowRecord window, String windowId) {
        Map<String, Object> row = map(level, window, windowId);
        List<Object> out = new ArrayList<>(WindowsCsvColumns.ALL.size());
        for (String column : WindowsCsvColumns.ALL) {
            out.add(row.get(column));
        }
        return out;
    }

    public Map<String, Object> map(LevelResult level, WindowRecord w, String windowId) {
        ExperimentConfig exp = level.cell().experiment();
        boolean server = level.cell().isServer();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("experiment_id", windowId);
        r.put("study_name", studyName);
        r.put("session_id", level.sessionId());
        r.put("config_hash", level.cell().configHash());
        r.put("cycle", level.cell().cycle());
        r.put("level_index", level.levelIndex());
        r.put("window_index", w.windowIndex());
        r.put("engine", exp.engine());
        r.put("model", exp.servedModel());
        r.put("runner", exp.runner());
        if (server) {
            TrafficConfig t = exp.server().traffic();
            Double cv = burstinessCv(t);
            r.put("rate_req_s", t.rate());
            r.put("arrival", t.trace() != null ? "trace" : t.arrival().label());
            r.put("burstiness_cv", cv);
            r.put("gamma_shape_k", cv == null || cv <= 0 ? null : 1.0 / (cv * cv));
            r.put("seed", t.seed());
            r.put("concurrency_cap", t.concurrencyCap());
        }
        BracketResult b = w.bracket();
        double duration = Math.max(0, w.spanEndNanos() - w.spanStartNanos()) / 1e9;
        r.put("window_start_utc", b == null || b.startUtc() == null ? null : b.startUtc().toString());
        r.put("duration_s", duration);
        r.put("energy_j", w.energyJ());
        r.put("energy_kind", b != null ? b.kind().label() : level.energy() == null ? null
                : level.energy().kind().label());
        r.put("energy_method", b != null ? b.method().label() : level.energy() == null ? null
                : level.energy().method().label());
        r.put("energy_source", b != null ? b.source() : level.energy() == null ? null : level.energy().source());
        r.put("energy_truth_j", b == null ? null : b.truthJ());
        r.put("cross_check_rel_diff", b == null ? null : b.crossCheckRelDiff());
        r.put("mean_power_w", w.meanPowerW());
        Double baseline = baselinePowerW(level);
        Double adjusted = adjustedEnergyJ(w, baseline);
        r.put("baseline_power_w", baseline);
        r.put("energy_adjusted_j", adjusted);
        r.put("output_tokens", w.tokens());
        r.put("j_per_token", w.jPerToken());
        r.put("mj_per_token", w.mJPerToken());
        r.put("mj_per_token_adjusted", adjusted == null || w.tokens() <= 0 ? null : adjusted / w.tokens() * 1000);
        r.put("intra_window_cov", w.intraWindowCv());
        LevelValidation v = level.outcome() == null ? null : level.outcome().validation();
        r.put("level_valid", level.valid());
        r.put("level_cov", v == null ? null : v.cv());
        r.put("invalid_reason", invalidReason(level));
        WindowMetrics m = w.metrics();
        if (m != null) {
            r.put("issued", m.inWindowCount());
            r.put("completed", m.completedCount());
            r.put("errors", m.errorCount());
            r.put("timeouts", m.timeoutCount());
            r.put("completion_rate", m.completionRate());
            r.put("request_throughput_req_s", m.requestThroughputReqS());
            percentiles(r, "ttft", m.ttft());
            percentiles(r, "tpot", m.tpot());
            percentiles(r, "itl", m.itl());
            percentiles(r, "e2e", m.e2e());
            if (server) {
                LatencyPercentiles lag = m.dispatchLateness();
                r.put("dispatch_lag_p50_ms", lag == null ? null : lag.p50Ms());
                r.put("dispatch_lag_p99_ms", lag == null ? null : lag.p99Ms());
                r.put("dispatch_lag_max_ms", lag == null ? null : lag.maxMs());
                r.put("cap_bound_fraction", m.capBoundFraction());
                SloResult slo = m.slo();
                r.put("slo_attainment", slo == null ? null : slo.attainmentFraction());
                r.put("slo_pass", slo == null ? null : slo.pass());
                r.put("goodput_tokens_s", slo == null ? null : slo.goodputTokensS());
            }
        }
        r.put("output_tokens_per_s", duration > 0 ? w.tokens() / duration : null);
        WarmupResult warmup = level.warmup();
        if (server && warmup != null) {
            r.put("warmup_mode", warmup.mode().label());
            r.put("warmup_converged", warmup.converged());
            r.put("warmup_timed_out", warmup.timedOut());
        }
        r.put("tool_version", toolVersion);
        r.put("server_reported_output_tokens", w.serverReportedOutputTokens());
        r.put("server_reported_client_token_ratio", m == null ? null : m.serverReportedClientTokenRatio());
        return r;
    }

    /** The level's reason for being invalid: the session's (abort, close) or the gate's; null when valid. */
    public static String invalidReason(LevelResult level) {
        if (level.invalidReason() != null) {
            return level.invalidReason();
        }
        if (level.outcome() != null && !level.outcome().validation().valid()) {
            return level.outcome().validation().reason();
        }
        return level.valid() ? null : "the level produced no validation";
    }

    /** The CV of inter-arrival gaps: 1 for Poisson, 0 for constant, the burstiness (default 1) for gamma. */
    static Double burstinessCv(TrafficConfig t) {
        if (t.trace() != null) {
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

    static Double baselinePowerW(LevelResult level) {
        return level.energy() == null ? null : level.energy().baselinePowerW();
    }

    /** {@code energy − baseline × duration}; null when either is missing. May be negative (flagged in result.json). */
    static Double adjustedEnergyJ(WindowRecord w, Double baselinePowerW) {
        if (w.energyJ() == null || baselinePowerW == null) {
            return null;
        }
        double duration = Math.max(0, w.spanEndNanos() - w.spanStartNanos()) / 1e9;
        return w.energyJ() - baselinePowerW * duration;
    }

    private static void percentiles(Map<String, Object> r, String prefix, LatencyPercentiles p) {
        if (p == null) {
            return;
        }
        r.put(prefix + "_p50_ms", p.p50Ms());
        r.put(prefix + "_p90_ms", p.p90Ms());
        r.put(prefix + "_p99_ms", p.p99Ms());
    }
}
