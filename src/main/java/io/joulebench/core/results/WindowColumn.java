package io.joulebench.core.results;

import io.joulebench.core.attribution.AttributedPercentiles;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.LatencyPercentiles;
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
public enum WindowColumn {
    // identity
    EXPERIMENT_ID(WindowsCsvColumns.EXPERIMENT_ID, Kind.TEXT, "", WindowFacts::windowId),
    STUDY_NAME(WindowsCsvColumns.STUDY_NAME, Kind.TEXT, "", WindowFacts::studyName),
    SESSION_ID(WindowsCsvColumns.SESSION_ID, Kind.TEXT, "", f -> f.level().sessionId()),
    CONFIG_HASH(WindowsCsvColumns.CONFIG_HASH, Kind.VALUE, "", f -> f.level().cell().configHash()),
    CYCLE(WindowsCsvColumns.CYCLE, Kind.VALUE, "", f -> f.level().cell().cycle()),
    LEVEL_INDEX(WindowsCsvColumns.LEVEL_INDEX, Kind.VALUE, "", f -> f.level().levelIndex()),
    WINDOW_INDEX(WindowsCsvColumns.WINDOW_INDEX, Kind.VALUE, "", f -> f.window().windowIndex()),
    ENGINE(WindowsCsvColumns.ENGINE, Kind.TEXT, "", f -> f.experiment().engine()),
    MODEL(WindowsCsvColumns.MODEL, Kind.TEXT, "", f -> f.experiment().servedModel()),
    RUNNER(WindowsCsvColumns.RUNNER, Kind.TEXT, "", f -> f.experiment().runner()),
    // traffic (server windows)
    RATE_REQ_S(WindowsCsvColumns.RATE_REQ_S, Kind.VALUE, "req/s", f -> f.server() ? f.traffic().rate() : null),
    ARRIVAL(WindowsCsvColumns.ARRIVAL, Kind.TEXT, "", WindowFacts::arrival),
    BURSTINESS_CV(WindowsCsvColumns.BURSTINESS_CV, Kind.VALUE, "", WindowFacts::burstinessCv),
    GAMMA_SHAPE_K("gamma_shape_k", Kind.VALUE, "", WindowFacts::gammaShapeK),
    SEED("seed", Kind.VALUE, "", f -> f.server() ? f.traffic().seed() : null),
    CONCURRENCY_CAP(WindowsCsvColumns.CONCURRENCY_CAP, Kind.VALUE, "requests",
            f -> f.server() ? f.traffic().concurrencyCap() : null),
    // window
    WINDOW_START_UTC("window_start_utc", Kind.VALUE, "", WindowFacts::windowStartUtc),
    DURATION_S("duration_s", Kind.VALUE, "s", WindowFacts::durationS),
    // energy
    ENERGY_J(WindowsCsvColumns.ENERGY_J, Kind.VALUE, "J", f -> f.window().energyJ()),
    ENERGY_KIND(WindowsCsvColumns.ENERGY_KIND, Kind.VALUE, "", WindowFacts::energyKind),
    ENERGY_METHOD("energy_method", Kind.VALUE, "", WindowFacts::energyMethod),
    ENERGY_SOURCE("energy_source", Kind.TEXT, "", WindowFacts::energySource),
    ENERGY_TRUTH_J("energy_truth_j", Kind.VALUE, "J", WindowFacts::energyTruthJ),
    CROSS_CHECK_REL_DIFF("cross_check_rel_diff", Kind.VALUE, "", WindowFacts::crossCheckRelDiff),
    MEAN_POWER_W(WindowsCsvColumns.MEAN_POWER_W, Kind.VALUE, "W", f -> f.window().meanPowerW()),
    BASELINE_POWER_W("baseline_power_w", Kind.VALUE, "W", WindowFacts::baselinePowerW),
    ENERGY_ADJUSTED_J("energy_adjusted_j", Kind.VALUE, "J", WindowFacts::energyAdjustedJ),
    // per token
    OUTPUT_TOKENS(WindowsCsvColumns.OUTPUT_TOKENS, Kind.VALUE, "tokens", f -> f.window().tokens()),
    J_PER_TOKEN(WindowsCsvColumns.J_PER_TOKEN, Kind.VALUE, "J/token", f -> f.window().jPerToken()),
    MJ_PER_TOKEN("mj_per_token", Kind.VALUE, "mJ/token", f -> f.window().mJPerToken()),
    MJ_PER_TOKEN_ADJUSTED("mj_per_token_adjusted", Kind.VALUE, "mJ/token", WindowFacts::mjPerTokenAdjusted),
    INTRA_WINDOW_COV("intra_window_cov", Kind.VALUE, "", f -> f.window().intraWindowCv()),
    // level verdict
    LEVEL_VALID(WindowsCsvColumns.LEVEL_VALID, Kind.VALUE, "", f -> f.level().valid()),
    LEVEL_COV(WindowsCsvColumns.LEVEL_COV, Kind.VALUE, "", WindowFacts::levelCov),
    INVALID_REASON(WindowsCsvColumns.INVALID_REASON, Kind.TEXT, "", WindowFacts::invalidReason),
    // requests
    ISSUED("issued", Kind.VALUE, "requests", f -> f.metric(WindowMetrics::inWindowCount)),
    COMPLETED("completed", Kind.VALUE, "requests", f -> f.metric(WindowMetrics::completedCount)),
    ERRORS("errors", Kind.VALUE, "requests", f -> f.metric(WindowMetrics::errorCount)),
    TIMEOUTS("timeouts", Kind.VALUE, "requests", f -> f.metric(WindowMetrics::timeoutCount)),
    COMPLETION_RATE("completion_rate", Kind.VALUE, "", f -> f.metric(WindowMetrics::completionRate)),
    REQUEST_THROUGHPUT_REQ_S(WindowsCsvColumns.REQUEST_THROUGHPUT_REQ_S, Kind.VALUE, "req/s",
            f -> f.metric(WindowMetrics::requestThroughputReqS)),
    OUTPUT_TOKENS_PER_S(WindowsCsvColumns.OUTPUT_TOKENS_PER_S, Kind.VALUE, "tokens/s", WindowFacts::outputTokensPerS),
    // latency
    TTFT_P50_MS("ttft_p50_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::ttft, LatencyPercentiles::p50Ms)),
    TTFT_P90_MS("ttft_p90_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::ttft, LatencyPercentiles::p90Ms)),
    TTFT_P99_MS(WindowsCsvColumns.TTFT_P99_MS, Kind.VALUE, "ms",
            f -> f.latency(WindowMetrics::ttft, LatencyPercentiles::p99Ms)),
    TPOT_P50_MS("tpot_p50_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::tpot, LatencyPercentiles::p50Ms)),
    TPOT_P90_MS("tpot_p90_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::tpot, LatencyPercentiles::p90Ms)),
    TPOT_P99_MS("tpot_p99_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::tpot, LatencyPercentiles::p99Ms)),
    ITL_P50_MS("itl_p50_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::itl, LatencyPercentiles::p50Ms)),
    ITL_P90_MS("itl_p90_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::itl, LatencyPercentiles::p90Ms)),
    ITL_P99_MS("itl_p99_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::itl, LatencyPercentiles::p99Ms)),
    E2E_P50_MS("e2e_p50_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::e2e, LatencyPercentiles::p50Ms)),
    E2E_P90_MS("e2e_p90_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::e2e, LatencyPercentiles::p90Ms)),
    E2E_P99_MS("e2e_p99_ms", Kind.VALUE, "ms", f -> f.latency(WindowMetrics::e2e, LatencyPercentiles::p99Ms)),
    DISPATCH_LAG_P50_MS("dispatch_lag_p50_ms", Kind.VALUE, "ms", f -> f.dispatchLag(LatencyPercentiles::p50Ms)),
    DISPATCH_LAG_P99_MS("dispatch_lag_p99_ms", Kind.VALUE, "ms", f -> f.dispatchLag(LatencyPercentiles::p99Ms)),
    DISPATCH_LAG_MAX_MS("dispatch_lag_max_ms", Kind.VALUE, "ms", f -> f.dispatchLag(LatencyPercentiles::maxMs)),
    CAP_BOUND_FRACTION("cap_bound_fraction", Kind.VALUE, "", f -> f.serverMetric(WindowMetrics::capBoundFraction)),
    // SLO
    SLO_ATTAINMENT("slo_attainment", Kind.VALUE, "", f -> f.slo(SloResult::attainmentFraction)),
    SLO_PASS(WindowsCsvColumns.SLO_PASS, Kind.VALUE, "", WindowFacts::sloPass),
    GOODPUT_TOKENS_S("goodput_tokens_s", Kind.VALUE, "tokens/s", f -> f.slo(SloResult::goodputTokensS)),
    // warmup
    WARMUP_MODE("warmup_mode", Kind.TEXT, "", f -> f.warmup(w -> w.mode().label())),
    WARMUP_CONVERGED("warmup_converged", Kind.VALUE, "", f -> f.warmup(WarmupResult::converged)),
    WARMUP_TIMED_OUT("warmup_timed_out", Kind.VALUE, "", f -> f.warmup(WarmupResult::timedOut)),
    TOOL_VERSION("tool_version", Kind.TEXT, "", WindowFacts::toolVersion),
    // token counting: the server's usage.completion_tokens beside the client's streamed deltas (issue 20)
    SERVER_REPORTED_OUTPUT_TOKENS("server_reported_output_tokens", Kind.VALUE, "tokens",
            f -> f.window().serverReportedOutputTokens()),
    SERVER_REPORTED_CLIENT_TOKEN_RATIO("server_reported_client_token_ratio", Kind.VALUE, "",
            f -> f.metric(WindowMetrics::serverReportedClientTokenRatio)),
    // window_seconds: auto (issue 23): the length chosen from the level's warmup; empty on a fixed-length level
    WINDOW_AUTO_S("window_auto_s", Kind.VALUE, "s",
            f -> f.warmup(w -> w.windowChoice() == null ? null : w.windowChoice().seconds())),
    // energy domains (issue 18): the host meter beside the GPUs, their sum, and which one energy_j is
    GPU_ENERGY_J("gpu_energy_j", Kind.VALUE, "J", f -> f.domain(EnergyDomain.GPU, BracketResult::energyJ)),
    HOST_ENERGY_J("host_energy_j", Kind.VALUE, "J", f -> f.host(BracketResult::energyJ)),
    HOST_ENERGY_KIND("host_energy_kind", Kind.VALUE, "", f -> f.host(h -> h.kind().label())),
    HOST_ENERGY_METHOD("host_energy_method", Kind.VALUE, "", f -> f.host(h -> h.method().label())),
    HOST_ENERGY_SOURCE("host_energy_source", Kind.TEXT, "", f -> f.host(BracketResult::source)),
    NODE_ENERGY_J("node_energy_j", Kind.VALUE, "J", f -> f.bracket() == null ? null : f.bracket().nodeEnergyJ()),
    NODE_ENERGY_DOMAINS("node_energy_domains", Kind.VALUE, "", WindowFacts::nodeEnergyDomains),
    HEADLINE_DOMAIN("headline_domain", Kind.VALUE, "", WindowFacts::headlineDomain),
    // measurement.device_groups (issue 18), e.g. decode=2,3;prefill=0,1: per-group figures are in devices.csv
    DEVICE_GROUPS("device_groups", Kind.TEXT, "", f -> f.deviceGroups().label()),
    // issue 18: J/request attributed (estimated) over the window's complete requests; never a measured figure
    J_PER_REQUEST_ATTRIBUTED_P50("j_per_request_attributed_p50", Kind.VALUE, "J",
            f -> attributed(f, AttributedPercentiles::p50J)),
    J_PER_REQUEST_ATTRIBUTED_P90("j_per_request_attributed_p90", Kind.VALUE, "J",
            f -> attributed(f, AttributedPercentiles::p90J)),
    J_PER_REQUEST_ATTRIBUTED_P99("j_per_request_attributed_p99", Kind.VALUE, "J",
            f -> attributed(f, AttributedPercentiles::p99J));

    private static final List<WindowColumn> IN_ORDER = List.of(values());
    private static final List<String> NAMES = Arrays.stream(values()).map(WindowColumn::header).toList();

    private final String header;
    private final Kind kind;
    private final String unit;
    private final Function<WindowFacts, Object> value;

    WindowColumn(String header, Kind kind, String unit, Function<WindowFacts, Object> value) {
        this.header = header;
        this.kind = kind;
        this.unit = unit;
        this.value = value;
    }

    private static Object attributed(WindowFacts f, Function<AttributedPercentiles, Double> p) {
        AttributedPercentiles a = f.window().attributed();
        return a == null ? null : p.apply(a);
    }

    /** The column's name in the file's header. */
    public String header() {
        return header;
    }

    public Kind kind() {
        return kind;
    }

    /** The unit of the column's numbers ({@code ms}, {@code J}, {@code req/s}…), empty for ids, words and ratios. */
    public String unit() {
        return unit;
    }

    /** The column's value for one window; null is an empty cell. */
    public Object value(WindowFacts facts) {
        return value.apply(facts);
    }

    /** Every column, in file order. */
    public static List<WindowColumn> inOrder() {
        return IN_ORDER;
    }

    /** Every column's header name, in file order. */
    public static List<String> names() {
        return NAMES;
    }

    /** The column whose header is {@code header}, if one is. */
    public static Optional<WindowColumn> byHeader(String header) {
        int i = NAMES.indexOf(header);
        return i < 0 ? Optional.empty() : Optional.of(IN_ORDER.get(i));
    }
}
