package io.joulebench.core.results;

import io.joulebench.core.attribution.AttributedPercentiles;
import io.joulebench.core.csv.ColumnTable;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.DeclaredColumn;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.parquet.ParquetFile.Type;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.ClientLoad;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.SessionCounts;
import io.joulebench.core.window.SloResult;
import io.joulebench.core.window.WindowMetrics;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one column table of {@code windows.csv}, in file order: each column's name, how its cells are written
 * ({@link Kind#TEXT}: text a user can choose, neutralised against spreadsheet formulas; {@link Kind#VALUE}: numbers,
 * booleans and words Joulebench writes), its unit, and how its value is read from the typed row
 * ({@link WindowFacts}). The windows.csv writer, the per-bundle row, {@link WindowsCsvColumns} and the GUI's tables
 * iterate this table. Adding a column is one line here (at the end, so older files stay readable); the quickstart
 * header test names every column, so no addition or reorder goes unnoticed.
 */
public enum WindowColumn implements DeclaredColumn<WindowFacts> {
    // identity
    EXPERIMENT_ID("experiment_id", Kind.TEXT, "", Type.STRING, WindowFacts::windowId),
    STUDY_NAME("study_name", Kind.TEXT, "", Type.STRING, WindowFacts::studyName),
    SESSION_ID("session_id", Kind.TEXT, "", Type.STRING, f -> f.level().sessionId()),
    CONFIG_HASH("config_hash", Kind.VALUE, "", Type.STRING, f -> f.level().cell().configHash()),
    CYCLE("cycle", Kind.VALUE, "", Type.INT32, f -> f.level().cell().cycle()),
    LEVEL_INDEX("level_index", Kind.VALUE, "", Type.INT32, f -> f.level().levelIndex()),
    WINDOW_INDEX("window_index", Kind.VALUE, "", Type.INT32, f -> f.window().windowIndex()),
    ENGINE("engine", Kind.TEXT, "", Type.STRING, f -> f.experiment().engine()),
    MODEL("model", Kind.TEXT, "", Type.STRING, f -> f.experiment().servedModel()),
    RUNNER("runner", Kind.TEXT, "", Type.STRING, f -> f.experiment().runner()),
    // traffic (server windows)
    RATE_REQ_S("rate_req_s", Kind.VALUE, "req/s", Type.DOUBLE, f -> f.server() ? f.traffic().rate() : null),
    ARRIVAL("arrival", Kind.TEXT, "", Type.STRING, WindowFacts::arrival),
    BURSTINESS_CV("burstiness_cv", Kind.VALUE, "", Type.DOUBLE, WindowFacts::burstinessCv),
    GAMMA_SHAPE_K("gamma_shape_k", Kind.VALUE, "", Type.DOUBLE, WindowFacts::gammaShapeK),
    SEED("seed", Kind.VALUE, "", Type.INT64, f -> f.server() ? f.traffic().seed() : null),
    CONCURRENCY_CAP("concurrency_cap", Kind.VALUE, "requests", Type.INT32,
            f -> f.server() ? f.traffic().concurrencyCap() : null),
    // window
    WINDOW_START_UTC("window_start_utc", Kind.VALUE, "", Type.STRING, WindowFacts::windowStartUtc),
    DURATION_S("duration_s", Kind.VALUE, "s", Type.DOUBLE, WindowFacts::durationS),
    // energy
    ENERGY_J("energy_j", Kind.VALUE, "J", Type.DOUBLE, f -> f.window().energyJ()),
    ENERGY_KIND("energy_kind", Kind.VALUE, "", Type.STRING, WindowFacts::energyKind),
    ENERGY_METHOD("energy_method", Kind.VALUE, "", Type.STRING, WindowFacts::energyMethod),
    ENERGY_SOURCE("energy_source", Kind.TEXT, "", Type.STRING, WindowFacts::energySource),
    ENERGY_TRUTH_J("energy_truth_j", Kind.VALUE, "J", Type.DOUBLE, WindowFacts::energyTruthJ),
    CROSS_CHECK_REL_DIFF("cross_check_rel_diff", Kind.VALUE, "", Type.DOUBLE, WindowFacts::crossCheckRelDiff),
    MEAN_POWER_W("mean_power_w", Kind.VALUE, "W", Type.DOUBLE, f -> f.window().meanPowerW()),
    BASELINE_POWER_W("baseline_power_w", Kind.VALUE, "W", Type.DOUBLE, WindowFacts::baselinePowerW),
    ENERGY_ADJUSTED_J("energy_adjusted_j", Kind.VALUE, "J", Type.DOUBLE, WindowFacts::energyAdjustedJ),
    // per token
    OUTPUT_TOKENS("output_tokens", Kind.VALUE, "tokens", Type.INT64, f -> f.window().tokens()),
    J_PER_TOKEN("j_per_token", Kind.VALUE, "J/token", Type.DOUBLE, f -> f.window().jPerToken()),
    MJ_PER_TOKEN("mj_per_token", Kind.VALUE, "mJ/token", Type.DOUBLE, f -> f.window().mJPerToken()),
    MJ_PER_TOKEN_ADJUSTED("mj_per_token_adjusted", Kind.VALUE, "mJ/token", Type.DOUBLE,
            WindowFacts::mjPerTokenAdjusted),
    INTRA_WINDOW_COV("intra_window_cov", Kind.VALUE, "", Type.DOUBLE, f -> f.window().intraWindowCv()),
    // level verdict
    LEVEL_VALID("level_valid", Kind.VALUE, "", Type.BOOLEAN, f -> f.level().valid()),
    LEVEL_COV("level_cov", Kind.VALUE, "", Type.DOUBLE, WindowFacts::levelCov),
    INVALID_REASON("invalid_reason", Kind.TEXT, "", Type.STRING, WindowFacts::invalidReason),
    // requests
    ISSUED("issued", Kind.VALUE, "requests", Type.INT64, f -> f.metric(WindowMetrics::inWindowCount)),
    COMPLETED("completed", Kind.VALUE, "requests", Type.INT64, f -> f.metric(WindowMetrics::completedCount)),
    ERRORS("errors", Kind.VALUE, "requests", Type.INT64, f -> f.metric(WindowMetrics::errorCount)),
    TIMEOUTS("timeouts", Kind.VALUE, "requests", Type.INT64, f -> f.metric(WindowMetrics::timeoutCount)),
    COMPLETION_RATE("completion_rate", Kind.VALUE, "", Type.DOUBLE, f -> f.metric(WindowMetrics::completionRate)),
    REQUEST_THROUGHPUT_REQ_S("request_throughput_req_s", Kind.VALUE, "req/s", Type.DOUBLE,
            f -> f.metric(WindowMetrics::requestThroughputReqS)),
    OUTPUT_TOKENS_PER_S("output_tokens_per_s", Kind.VALUE, "tokens/s", Type.DOUBLE, WindowFacts::outputTokensPerS),
    // latency
    TTFT_P50_MS("ttft_p50_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::ttft, LatencyPercentiles::p50Ms)),
    TTFT_P90_MS("ttft_p90_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::ttft, LatencyPercentiles::p90Ms)),
    TTFT_P99_MS("ttft_p99_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::ttft, LatencyPercentiles::p99Ms)),
    TPOT_P50_MS("tpot_p50_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::tpot, LatencyPercentiles::p50Ms)),
    TPOT_P90_MS("tpot_p90_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::tpot, LatencyPercentiles::p90Ms)),
    TPOT_P99_MS("tpot_p99_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::tpot, LatencyPercentiles::p99Ms)),
    ITL_P50_MS("itl_p50_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::itl, LatencyPercentiles::p50Ms)),
    ITL_P90_MS("itl_p90_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::itl, LatencyPercentiles::p90Ms)),
    ITL_P99_MS("itl_p99_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::itl, LatencyPercentiles::p99Ms)),
    E2E_P50_MS("e2e_p50_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::e2e, LatencyPercentiles::p50Ms)),
    E2E_P90_MS("e2e_p90_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::e2e, LatencyPercentiles::p90Ms)),
    E2E_P99_MS("e2e_p99_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.latency(WindowMetrics::e2e, LatencyPercentiles::p99Ms)),
    DISPATCH_LAG_P50_MS("dispatch_lag_p50_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.dispatchLag(LatencyPercentiles::p50Ms)),
    DISPATCH_LAG_P99_MS("dispatch_lag_p99_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.dispatchLag(LatencyPercentiles::p99Ms)),
    DISPATCH_LAG_MAX_MS("dispatch_lag_max_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> f.dispatchLag(LatencyPercentiles::maxMs)),
    CAP_BOUND_FRACTION("cap_bound_fraction", Kind.VALUE, "", Type.DOUBLE,
            f -> f.serverMetric(WindowMetrics::capBoundFraction)),
    // SLO
    SLO_ATTAINMENT("slo_attainment", Kind.VALUE, "", Type.DOUBLE, f -> f.slo(SloResult::attainmentFraction)),
    SLO_PASS("slo_pass", Kind.VALUE, "", Type.BOOLEAN, WindowFacts::sloPass),
    GOODPUT_TOKENS_S("goodput_tokens_s", Kind.VALUE, "tokens/s", Type.DOUBLE, f -> f.slo(SloResult::goodputTokensS)),
    // warmup
    WARMUP_MODE("warmup_mode", Kind.TEXT, "", Type.STRING, f -> f.warmup(w -> w.mode().label())),
    WARMUP_CONVERGED("warmup_converged", Kind.VALUE, "", Type.BOOLEAN, f -> f.warmup(WarmupResult::converged)),
    WARMUP_TIMED_OUT("warmup_timed_out", Kind.VALUE, "", Type.BOOLEAN, f -> f.warmup(WarmupResult::timedOut)),
    TOOL_VERSION("tool_version", Kind.TEXT, "", Type.STRING, WindowFacts::toolVersion),
    // token counting: the server's usage.completion_tokens beside the client's streamed deltas (issue 20)
    SERVER_REPORTED_OUTPUT_TOKENS("server_reported_output_tokens", Kind.VALUE, "tokens", Type.INT64,
            f -> f.window().serverReportedOutputTokens()),
    SERVER_REPORTED_CLIENT_TOKEN_RATIO("server_reported_client_token_ratio", Kind.VALUE, "", Type.DOUBLE,
            f -> f.metric(WindowMetrics::serverReportedClientTokenRatio)),
    // window_seconds: auto (issue 23): the length chosen from the level's warmup; empty on a fixed-length level
    WINDOW_AUTO_S("window_auto_s", Kind.VALUE, "s", Type.DOUBLE,
            f -> f.warmup(w -> w.windowChoice() == null ? null : w.windowChoice().seconds())),
    // energy domains (issue 18): the host meter beside the GPUs, their sum, and which one energy_j is
    GPU_ENERGY_J("gpu_energy_j", Kind.VALUE, "J", Type.DOUBLE, f -> f.domain(EnergyDomain.GPU, BracketResult::energyJ)),
    HOST_ENERGY_J("host_energy_j", Kind.VALUE, "J", Type.DOUBLE, f -> f.host(BracketResult::energyJ)),
    HOST_ENERGY_KIND("host_energy_kind", Kind.VALUE, "", Type.STRING, f -> f.host(h -> h.kind().label())),
    HOST_ENERGY_METHOD("host_energy_method", Kind.VALUE, "", Type.STRING, f -> f.host(h -> h.method().label())),
    HOST_ENERGY_SOURCE("host_energy_source", Kind.TEXT, "", Type.STRING, f -> f.host(BracketResult::source)),
    NODE_ENERGY_J("node_energy_j", Kind.VALUE, "J", Type.DOUBLE,
            f -> f.bracket() == null ? null : f.bracket().nodeEnergyJ()),
    NODE_ENERGY_DOMAINS("node_energy_domains", Kind.VALUE, "", Type.STRING, WindowFacts::nodeEnergyDomains),
    HEADLINE_DOMAIN("headline_domain", Kind.VALUE, "", Type.STRING, WindowFacts::headlineDomain),
    // measurement.device_groups (issue 18), e.g. decode=2,3;prefill=0,1: per-group figures are in devices.csv
    DEVICE_GROUPS("device_groups", Kind.TEXT, "", Type.STRING, f -> f.deviceGroups().label()),
    // issue 18: J/request attributed (estimated) over the window's complete requests; never a measured figure
    J_PER_REQUEST_ATTRIBUTED_P50("j_per_request_attributed_p50", Kind.VALUE, "J", Type.DOUBLE,
            f -> attributed(f, AttributedPercentiles::p50J)),
    J_PER_REQUEST_ATTRIBUTED_P90("j_per_request_attributed_p90", Kind.VALUE, "J", Type.DOUBLE,
            f -> attributed(f, AttributedPercentiles::p90J)),
    J_PER_REQUEST_ATTRIBUTED_P99("j_per_request_attributed_p99", Kind.VALUE, "J", Type.DOUBLE,
            f -> attributed(f, AttributedPercentiles::p99J)),
    // a workload's fidelity (issue 30): the server's prompt tokens, energy over all tokens, delivered/requested
    INPUT_TOKENS("input_tokens", Kind.VALUE, "tokens", Type.INT64, f -> f.fidelity(ReplayFidelity::inputTokens)),
    J_PER_TOTAL_TOKEN("j_per_total_token", Kind.VALUE, "J/token", Type.DOUBLE, WindowFacts::jPerTotalToken),
    INPUT_DELIVERED_RATIO("input_delivered_ratio", Kind.VALUE, "", Type.DOUBLE,
            f -> f.fidelity(ReplayFidelity::inputDeliveredRatio)),
    OUTPUT_DELIVERED_RATIO("output_delivered_ratio", Kind.VALUE, "", Type.DOUBLE,
            f -> f.fidelity(ReplayFidelity::outputDeliveredRatio)),
    // conversations (issue 32): a session level's rate is sessions/s; its request_throughput_req_s follows from them
    SESSIONS_STARTED("sessions_started", Kind.VALUE, "", Type.INT64, f -> f.sessions(SessionCounts::started)),
    SESSIONS_COMPLETED("sessions_completed", Kind.VALUE, "", Type.INT64, f -> f.sessions(SessionCounts::completed)),
    // the measuring client's own load in the window (issue 34); a lag p99 above a share of the ITL p50 warns
    CLIENT_RECEIPT_LAG_P99_MS("client_receipt_lag_p99_ms", Kind.VALUE, "ms", Type.DOUBLE,
            f -> client(f, ClientLoad::receiptLagP99Ms)),
    CLIENT_GC_PAUSE_MS("client_gc_pause_ms", Kind.VALUE, "ms", Type.DOUBLE, f -> client(f, ClientLoad::gcPauseMs)),
    CLIENT_CPU_FRACTION("client_cpu_fraction", Kind.VALUE, "", Type.DOUBLE, f -> client(f, ClientLoad::cpuFraction));

    private static final List<WindowColumn> IN_ORDER = List.of(values());

    /** The file's generic column table, in file order: the CSV writer and readers iterate it, Parquet types included. */
    public static final ColumnTable<WindowFacts> TABLE = new ColumnTable<>(
            Arrays.stream(values()).map(WindowColumn::column).toList());

    private final TableColumn<WindowFacts> column;

    WindowColumn(String header, Kind kind, String unit, Type parquetType, Function<WindowFacts, Object> value) {
        this.column = new TableColumn<>(header, kind, unit, parquetType, value);
    }

    private static Object attributed(WindowFacts f, Function<AttributedPercentiles, Double> p) {
        AttributedPercentiles a = f.window().attributed();
        return a == null ? null : p.apply(a);
    }

    private static Object client(WindowFacts f, Function<ClientLoad, Object> value) {
        ClientLoad c = f.window().client();
        return c == null ? null : value.apply(c);
    }

    /** The column in the generic form every results file's table uses. */
    @Override
    public TableColumn<WindowFacts> column() {
        return column;
    }

    /** Every column, in file order. */
    public static List<WindowColumn> inOrder() {
        return IN_ORDER;
    }

    /** Every column's header name, in file order. */
    public static List<String> names() {
        return TABLE.names();
    }

    /** The column whose header is {@code header}, if one is. */
    public static Optional<WindowColumn> byHeader(String header) {
        int i = names().indexOf(header);
        return i < 0 ? Optional.empty() : Optional.of(IN_ORDER.get(i));
    }
}
