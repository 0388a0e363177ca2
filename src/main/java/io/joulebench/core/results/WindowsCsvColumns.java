package io.joulebench.core.results;

import io.joulebench.core.window.CsvCells;
import io.joulebench.core.window.CsvCells.Kind;
import java.util.List;
import java.util.Set;

/**
 * The columns of {@code windows.csv}, in file order (issue 7, "Results"). More columns may follow these at the end;
 * readers keep them and writers pass them through.
 */
public final class WindowsCsvColumns {

    public static final String EXPERIMENT_ID = "experiment_id";
    public static final String STUDY_NAME = "study_name";
    public static final String SESSION_ID = "session_id";
    public static final String CONFIG_HASH = "config_hash";
    public static final String CYCLE = "cycle";
    public static final String LEVEL_INDEX = "level_index";
    public static final String WINDOW_INDEX = "window_index";
    public static final String ENGINE = "engine";
    public static final String MODEL = "model";
    public static final String RUNNER = "runner";
    public static final String RATE_REQ_S = "rate_req_s";
    public static final String ARRIVAL = "arrival";
    public static final String BURSTINESS_CV = "burstiness_cv";
    public static final String CONCURRENCY_CAP = "concurrency_cap";
    public static final String ENERGY_KIND = "energy_kind";
    public static final String ENERGY_J = "energy_j";
    public static final String MEAN_POWER_W = "mean_power_w";
    public static final String OUTPUT_TOKENS = "output_tokens";
    public static final String J_PER_TOKEN = "j_per_token";
    public static final String LEVEL_VALID = "level_valid";
    public static final String LEVEL_COV = "level_cov";
    public static final String INVALID_REASON = "invalid_reason";
    public static final String REQUEST_THROUGHPUT_REQ_S = "request_throughput_req_s";
    public static final String OUTPUT_TOKENS_PER_S = "output_tokens_per_s";
    public static final String TTFT_P99_MS = "ttft_p99_ms";
    public static final String SLO_PASS = "slo_pass";

    /** Every column, in the order the file has them. */
    public static final List<String> ALL = List.of(
            // identity
            EXPERIMENT_ID, STUDY_NAME, SESSION_ID, CONFIG_HASH, CYCLE, LEVEL_INDEX, WINDOW_INDEX, ENGINE, MODEL, RUNNER,
            // traffic
            RATE_REQ_S, ARRIVAL, BURSTINESS_CV, "gamma_shape_k", "seed", CONCURRENCY_CAP,
            // window
            "window_start_utc", "duration_s",
            // energy
            ENERGY_J, ENERGY_KIND, "energy_method", "energy_source", "energy_truth_j", "cross_check_rel_diff",
            MEAN_POWER_W, "baseline_power_w", "energy_adjusted_j",
            // per token
            OUTPUT_TOKENS, J_PER_TOKEN, "mj_per_token", "mj_per_token_adjusted", "intra_window_cov",
            // level verdict
            LEVEL_VALID, LEVEL_COV, INVALID_REASON,
            // requests
            "issued", "completed", "errors", "timeouts", "completion_rate", REQUEST_THROUGHPUT_REQ_S,
            OUTPUT_TOKENS_PER_S,
            // latency
            "ttft_p50_ms", "ttft_p90_ms", TTFT_P99_MS, "tpot_p50_ms", "tpot_p90_ms", "tpot_p99_ms",
            "itl_p50_ms", "itl_p90_ms", "itl_p99_ms", "e2e_p50_ms", "e2e_p90_ms", "e2e_p99_ms",
            "dispatch_lag_p50_ms", "dispatch_lag_p99_ms", "dispatch_lag_max_ms", "cap_bound_fraction",
            // SLO
            "slo_attainment", SLO_PASS, "goodput_tokens_s",
            // warmup
            "warmup_mode", "warmup_converged", "warmup_timed_out", "tool_version",
            // token counting: the server's usage.completion_tokens beside the client's streamed deltas (issue 20)
            "server_reported_output_tokens", "server_reported_client_token_ratio");

    /**
     * Columns whose cells carry text a user can choose (names, ids built from names, reasons, free-form labels).
     * Only these are neutralised against spreadsheet formula injection; numbers are written untouched.
     */
    public static final Set<String> USER_TEXT = Set.of(
            EXPERIMENT_ID, STUDY_NAME, SESSION_ID, ENGINE, MODEL, RUNNER, ARRIVAL, "energy_source",
            INVALID_REASON, "warmup_mode", "tool_version");

    /** The columns most people look at first, in the order the GUI shows them by default. */
    public static final List<String> MAIN = List.of(
            STUDY_NAME, CYCLE, RATE_REQ_S, WINDOW_INDEX, J_PER_TOKEN, LEVEL_VALID, LEVEL_COV, INVALID_REASON,
            TTFT_P99_MS, SLO_PASS, ENERGY_J, MEAN_POWER_W, OUTPUT_TOKENS, OUTPUT_TOKENS_PER_S,
            REQUEST_THROUGHPUT_REQ_S, ENERGY_KIND);

    private WindowsCsvColumns() {
    }

    /** Whether a column may hold user text, including unknown trailing columns (the GUI aligns these left). */
    public static boolean isUserText(String column) {
        return USER_TEXT.contains(column) || !ALL.contains(column);
    }

    /**
     * How a column's cells are written: {@link #USER_TEXT} columns are text, the other known columns values, and any
     * other column unknown (text unless the cell is a plain number; see {@link CsvCells}).
     */
    public static Kind kind(String column) {
        return USER_TEXT.contains(column) ? Kind.TEXT : ALL.contains(column) ? Kind.VALUE : Kind.UNKNOWN;
    }
}
