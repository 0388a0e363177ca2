package io.joulebench.core.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.HostName;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.SloResult;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;

/**
 * A window's {@code result.json}: the fields of spec §5.1 (with §5.2 {@code server} provenance and §5.3
 * {@code server_metrics}), our energy fields, the warmup and the session block. Everything a reader needs to judge
 * the number is beside it: kind, method, source, truth, cross-check, baseline and caveats.
 */
final class WindowResultJson {

    /** Upstream's bundle version (llenergymeasure 0.7, {@code BUNDLE_VERSION}), whose fields every bundle carries. */
    static final String BUNDLE_VERSION = "2.0";
    /** Joulebench's own layout version: 2 added system.json, the Parquet files and upstream's remaining fields. */
    static final String JOULEBENCH_BUNDLE_VERSION = "joulebench-2";
    /** The upstream schema the bundle follows, beside Joulebench's own {@code tool_version}. */
    static final String UPSTREAM_SCHEMA = "llenergymeasure 0.7 results bundle 2.0 (server mode)";
    /** The warning of a window kept from an interrupted level, outside the credited bundles. */
    static final String INTERRUPTED_WARNING = "degraded window bundle (level interrupted)";

    private WindowResultJson() {
    }

    static ObjectNode of(WindowFacts f, SessionBlock session, boolean hasTimeseries, Redactor redactor) {
        LevelResult level = f.level();
        WindowRecord w = f.window();
        String windowId = f.windowId();
        ObjectNode n = ResultsJson.object();
        BracketResult b = w.bracket();
        double duration = Math.max(0, w.spanEndNanos() - w.spanStartNanos()) / 1e9;
        n.put("bundle_version", BUNDLE_VERSION);
        n.put("joulebench_bundle_version", JOULEBENCH_BUNDLE_VERSION);
        n.put("experiment_id", windowId);
        n.put("serving_mode", level.cell().isServer() ? "server" : "offline");
        n.put("declared_config_hash", level.cell().configHash());
        n.put("cycle", level.cell().cycle());
        n.put("study_name", f.studyName());
        n.put("engine", level.cell().experiment().engine());
        n.put("model_name", f.experiment().servedModel());
        n.put("runner", level.cell().experiment().runner());
        n.put("output_tokens", w.tokens());
        n.putNull("input_tokens");
        n.putNull("total_tokens");
        ResultsJson.put(n, "total_energy_j", w.energyJ());
        n.put("total_inference_time_sec", duration);
        n.put("avg_tokens_per_second", duration > 0 ? w.tokens() / duration : 0.0);
        ResultsJson.put(n, "avg_energy_per_token_j", w.jPerToken());
        ResultsJson.put(n, "energy_per_token_mj_total", w.mJPerToken());
        n.put("start_time", b == null || b.startUtc() == null ? null : b.startUtc().toString());
        n.put("end_time", b == null || b.endUtc() == null ? null : b.endUtc().toString());
        n.put("span_start_s", w.spanStartSeconds());
        n.put("span_end_s", w.spanEndSeconds());
        n.put("timeseries", hasTimeseries ? BundleWriter.TIMESERIES_PARQUET : null);
        n.put("requests", "requests.csv");
        energy(n, f);
        UpstreamResultFields.add(n, f, session);
        n.putArray("measurement_warnings");
        if (level.interrupted()) {
            n.withArray("measurement_warnings").add(INTERRUPTED_WARNING);
        } else if (!level.valid() && level.outcome() == null) {
            n.withArray("measurement_warnings").add("degraded window bundle (level aborted): "
                    + redactor.scrub(WindowRowMapper.invalidReason(level)));
        }
        if (w.provisional()) {
            n.withArray("measurement_warnings").add("provisional window: requests in flight at close may be missing");
        }
        if (b != null) {
            b.warnings().forEach(warning -> n.withArray("measurement_warnings").add(redactor.scrub(warning)));
            String drift = edgeDrift(w, b);
            if (drift != null) {
                n.withArray("measurement_warnings").add(drift);
            }
        }
        if (w.clientWarning() != null) {
            n.withArray("measurement_warnings").add(w.clientWarning());
        }
        warmup(n, level);
        autoWindow(n, level);
        capacitySearch(n, level);
        n.set("session", session(session));
        if (level.cell().isServer()) {
            n.set("server", provenance(f, redactor));
            n.set("server_metrics", metrics(w, level.valid()));
        } else {
            n.putNull("server");
            n.putNull("server_metrics");
        }
        n.put("tool_version", f.toolVersion());
        n.put("host_name", HostName.get());
        return n;
    }

    private static void energy(ObjectNode n, WindowFacts f) {
        LevelResult level = f.level();
        WindowRecord w = f.window();
        ResultsJson.put(n, "energy_j", w.energyJ());
        n.put("energy_kind", f.energyKind());
        n.put("energy_method", f.energyMethod());
        n.put("energy_source", f.energySource());
        ResultsJson.put(n, "energy_truth_j", f.energyTruthJ());
        ResultsJson.put(n, "cross_check_rel_diff", f.crossCheckRelDiff());
        ResultsJson.put(n, "integrated_energy_j", w.bracket() == null ? null : w.bracket().integratedJ());
        ResultsJson.put(n, "mean_power_w", w.meanPowerW());
        ResultsJson.put(n, "baseline_power_w", f.baselinePowerW());
        Double adjusted = f.energyAdjustedJ();
        ResultsJson.put(n, "energy_adjusted_j", adjusted);
        n.put("energy_adjusted_negative", adjusted != null && adjusted < 0);
        ResultsJson.put(n, "energy_per_token_mj_adjusted", f.mjPerTokenAdjusted());
        n.put("energy_edge_start_s", w.bracket() == null ? null : w.bracket().startNanos() / 1e9);
        n.put("energy_edge_end_s", w.bracket() == null ? null : w.bracket().endNanos() / 1e9);
        if (level.energy() != null) {
            n.putArray("energy_source_reasons");
            level.energy().reasons().forEach(n.withArray("energy_source_reasons")::add);
            ArrayNode devices = n.putArray("energy_devices");
            for (DeviceInfo d : level.energy().devices()) {
                ObjectNode dn = devices.addObject();
                dn.put("index", d.index());
                dn.put("name", d.name());
                dn.put("uuid", d.uuid());
                dn.put("architecture", d.architecture());
            }
            n.set("energy_settings", ResultsJson.MAPPER.valueToTree(
                    ProvenanceJson.remainingSettings(level.energy().settings())));
        }
        n.set("provenance", ProvenanceJson.of(w.bracket(), level.energy() == null ? java.util.Map.of()
                : level.energy().settings()));
        energyDomains(n, f);
        groups(n, "energy_per_group_j", f.groupEnergyJ());
        groups(n, "j_per_token_per_group", f.groupJPerToken());
    }

    /** {@code energy_domains} (issue 18): each measured domain's own figure and labels, and the node's sum. */
    private static void energyDomains(ObjectNode n, WindowFacts f) {
        ObjectNode d = n.putObject("energy_domains");
        for (EnergyDomain domain : EnergyDomain.values()) {
            BracketResult r = f.domain(domain);
            if (r != null) {
                ObjectNode o = d.putObject(domain.label());
                ResultsJson.put(o, "energy_j", r.energyJ());
                o.put("source", r.source());
                o.put("kind", r.kind().label());
                o.put("method", r.method().label());
                ArrayNode devices = o.putArray("devices");
                r.devices().forEach(i -> devices.addObject().put("index", i.index()).put("name", i.name()));
            }
        }
        if (f.level().energy() != null && d.has(EnergyDomain.HOST.label())) {
            ArrayNode reasons = ((ObjectNode) d.get(EnergyDomain.HOST.label())).putArray("reasons");
            f.level().energy().hostReasons().forEach(reasons::add);
        }
        BracketResult b = f.bracket();
        if (b != null && b.nodeEnergyJ() != null) {
            ObjectNode node = d.putObject("node");
            ResultsJson.put(node, "energy_j", b.nodeEnergyJ());
            node.putArray("includes").add(EnergyDomain.GPU.label()).add(EnergyDomain.HOST.label());
            node.put("kind", b.nodeKind().label());
        }
        d.put("headline", f.headlineDomain());
    }

    /** A per-group map {name: value} in name order; null without device groups. */
    private static void groups(ObjectNode n, String key, java.util.Map<String, Double> values) {
        if (values.isEmpty()) {
            n.putNull(key);
            return;
        }
        ObjectNode g = n.putObject(key);
        values.forEach((name, v) -> ResultsJson.put(g, name, v));
    }

    /**
     * A warning when the energy edges sit off the token span by more than 1 % of the window (an edge read late, or
     * a tick wait longer than the window); null when they match. Consecutive windows share their energy edges, so
     * no energy is lost either way, but energy and tokens then cover different intervals.
     */
    static String edgeDrift(WindowRecord w, BracketResult b) {
        long span = w.spanEndNanos() - w.spanStartNanos();
        long start = b.startNanos() - w.spanStartNanos();
        long end = b.endNanos() - w.spanEndNanos();
        if (span <= 0 || Math.max(Math.abs(start), Math.abs(end)) <= span / 100) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "energy edges differ from the token span by %+.1f ms (start) and"
                + " %+.1f ms (end): energy and tokens cover different intervals", start / 1e6, end / 1e6);
    }

    static void warmup(ObjectNode n, LevelResult level) {
        if (level.warmup() == null) {
            n.putNull("warmup");
            return;
        }
        ObjectNode wu = n.putObject("warmup");
        wu.put("mode", level.warmup().mode().label());
        wu.put("converged", level.warmup().converged());
        wu.put("timed_out", level.warmup().timedOut());
        wu.put("elapsed_s", level.warmup().elapsedSeconds());
        ResultsJson.put(wu, "energy_j", level.warmup().energyJ());
        wu.put("protocol", level.warmup().protocol());
        if (level.warmup().warning() != null) {
            wu.put("warning", level.warmup().warning());
        }
    }

    /**
     * {@code capacity_search} (a Joulebench extension, #23), only on a level measured at a fraction of a searched
     * capacity: the fraction, the capacity it is a fraction of, and the file with the search's path.
     */
    static void capacitySearch(ObjectNode n, LevelResult level) {
        if (!level.cell().isServer() || level.cell().rate() == null
                || level.cell().experiment().server().capacitySearch() == null) {
            return;
        }
        double fraction = level.cell().experiment().server().capacitySearch().measureFractions().getFirst();
        ObjectNode c = n.putObject("capacity_search");
        c.put("fraction", fraction);
        c.put("capacity_req_s", level.cell().rate() / fraction);
        c.put("search_file", CapacityFiles.JSON);
    }

    /**
     * {@code window_auto} (a Joulebench extension, #23), only on a {@code window_seconds: auto} level: the length
     * chosen from the warmup before the first window, and the data it came from.
     */
    static void autoWindow(ObjectNode n, LevelResult level) {
        io.joulebench.core.warmup.WindowChoice c = level.warmup() == null ? null : level.warmup().windowChoice();
        if (c == null) {
            return;
        }
        ObjectNode a = n.putObject("window_auto");
        a.put("window_s", c.seconds());
        ResultsJson.put(a, "predicted_cv", c.predictedCv());
        a.put("target_cv", c.targetCv());
        a.put("min_s", c.minSeconds());
        a.put("max_s", c.maxSeconds());
        a.put("reason", c.reason());
        io.joulebench.core.warmup.WarmupTraffic d = c.data();
        if (d != null) {
            ObjectNode from = a.putObject("warmup_data");
            from.put("requests_completed", d.completed());
            from.put("requests_failed", d.failed());
            from.put("output_tokens", d.outputTokens());
            from.put("mean_output_tokens", d.meanOutputTokens());
            from.put("output_tokens_cv", d.outputTokensCv());
            from.put("mean_request_s", d.meanRequestSeconds());
            from.put("tokens_per_s", d.tokensPerSecond());
            from.put("elapsed_s", d.elapsedSeconds());
        }
    }

    static ObjectNode session(SessionBlock s) {
        ObjectNode n = ResultsJson.object();
        n.put("session_id", s.sessionId());
        n.put("window_count", s.windowCount());
        n.put("level_count", s.levelCount());
        ResultsJson.put(n, "launch_duration_s", s.launchDurationS());
        ResultsJson.put(n, "launch_energy_j", s.launchEnergyJ());
        ResultsJson.put(n, "warmup_total_duration_s", s.warmupTotalDurationS());
        ResultsJson.put(n, "warmup_total_energy_j", s.warmupTotalEnergyJ());
        ResultsJson.put(n, "drain_duration_s", s.drainDurationS());
        ResultsJson.put(n, "drain_energy_j", s.drainEnergyJ());
        n.put("engine_version", s.engineVersion());
        return n;
    }

    private static ObjectNode provenance(WindowFacts f, Redactor redactor) {
        LevelResult level = f.level();
        WindowRecord w = f.window();
        ObjectNode n = ResultsJson.object();
        n.put("level_index", level.levelIndex());
        n.put("window_index", w.windowIndex());
        n.put("level_window_count", level.windows().size());
        n.put("level_valid", level.valid());
        ResultsJson.put(n, "level_cov", f.levelCov()); // the level gate's CV, as windows.csv's (one owner)
        ResultsJson.put(n, "intra_window_cov", w.intraWindowCv());
        n.put("invalid_reason", redactor.scrub(level.valid() ? null : WindowRowMapper.invalidReason(level)));
        if (level.warmup() == null) {
            n.putNull("warmup");
        } else { // upstream's ServerWarmupProvenance; the top-level warmup adds energy and protocol
            ObjectNode wu = n.putObject("warmup");
            wu.put("mode", level.warmup().mode().label());
            wu.put("converged", level.warmup().converged());
            wu.put("timed_out", level.warmup().timedOut());
            wu.put("elapsed_s", level.warmup().elapsedSeconds());
        }
        n.put("pre_window_protocol", level.warmup() == null ? null : level.warmup().protocol());
        n.put("attribution_policy", w.attributionPolicy());
        n.put("token_counting", "client_streamed_deltas");
        if (w.serverReportedOutputTokens() == null) {
            n.putNull("server_reported_output_tokens");
        } else {
            n.put("server_reported_output_tokens", w.serverReportedOutputTokens());
        }
        ResultsJson.put(n, "cap_bound_fraction", w.metrics() == null ? null : w.metrics().capBoundFraction());
        n.put("rate_req_s", level.cell().rate());
        if (level.cell().ratesSessions()) { // the rate above counts sessions; the window's req/s is in its metrics
            n.put("rate_sessions_s", level.cell().rate());
        }
        Long seed = f.traffic().seed();
        if (seed != null) {
            n.put("seed", seed);
        } else {
            n.putNull("seed");
        }
        return n;
    }

    private static ObjectNode metrics(WindowRecord w, boolean levelValid) {
        ObjectNode n = ResultsJson.object();
        WindowMetrics m = w.metrics();
        if (m == null) {
            return n;
        }
        n.put("request_throughput_req_s", m.requestThroughputReqS());
        n.put("completed_count", m.completedCount());
        n.put("error_count", m.errorCount());
        n.put("timeout_count", m.timeoutCount());
        n.put("in_window_count", m.inWindowCount());
        ResultsJson.put(n, "completion_rate", m.completionRate());
        n.put("length_truncated_count", m.lengthTruncatedCount());
        n.set("ttft", percentiles(m.ttft()));
        n.set("tpot", percentiles(m.tpot()));
        n.set("itl", percentiles(m.itl()));
        n.set("e2e", percentiles(m.e2e()));
        n.set("dispatch_lateness", percentiles(m.dispatchLateness()));
        ResultsJson.put(n, "energy_at_operating_point_j_per_token", w.jPerToken());
        ResultsJson.put(n, "server_reported_client_token_ratio", m.serverReportedClientTokenRatio());
        n.set("slo", slo(m.slo(), levelValid));
        return n;
    }

    private static ObjectNode percentiles(LatencyPercentiles p) {
        ObjectNode n = ResultsJson.object();
        LatencyPercentiles q = p == null ? LatencyPercentiles.EMPTY : p;
        ResultsJson.put(n, "p50_ms", q.p50Ms());
        ResultsJson.put(n, "p90_ms", q.p90Ms());
        ResultsJson.put(n, "p99_ms", q.p99Ms());
        ResultsJson.put(n, "max_ms", q.maxMs());
        n.put("samples", q.samples());
        n.put("exact", q.exact());
        return n;
    }

    private static ObjectNode slo(SloResult s, boolean levelValid) {
        if (s == null) {
            return null;
        }
        ObjectNode n = ResultsJson.object();
        ResultsJson.put(n, "ttft_bound_ms", s.slo().ttftMs());
        ResultsJson.put(n, "tpot_bound_ms", s.slo().tpotMs());
        n.put("percentile", s.slo().percentile());
        ResultsJson.put(n, "attainment_fraction", s.attainmentFraction());
        n.put("slo_pass", s.pass());
        ResultsJson.put(n, "goodput_tokens_s", s.goodputTokensS());
        ResultsJson.put(n, "ttft_at_percentile_ms", s.ttftAtPercentileMs());
        ResultsJson.put(n, "tpot_at_percentile_ms", s.tpotAtPercentileMs());
        n.put("energy_at_operating_point_valid", s.pass() && levelValid);
        return n;
    }
}
