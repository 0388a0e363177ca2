package io.joulebench.core.results;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.CsvCells;
import java.util.List;
import java.util.Set;

/**
 * The names of {@code windows.csv}'s columns, for readers (the typed accessors of {@link WindowRow}, the GUI's tables).
 * The columns themselves, their order, kinds, units and values, are declared once in {@link WindowColumn}; the
 * constants here are the names readers refer to by hand. More columns may follow these at the end; readers keep them
 * and writers pass them through.
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

    /** Every column, in the order the file has them: the names of {@link WindowColumn}, the one column table. */
    public static final List<String> ALL = WindowColumn.names();

    /**
     * Columns whose cells carry text a user can choose (names, ids built from names, reasons, free-form labels): the
     * {@link Kind#TEXT} columns of {@link WindowColumn}. Only these are neutralised against spreadsheet formula
     * injection; numbers are written untouched.
     */
    public static final Set<String> USER_TEXT = WindowColumn.inOrder().stream().filter(c -> c.kind() == Kind.TEXT)
            .map(WindowColumn::header).collect(java.util.stream.Collectors.toUnmodifiableSet());

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
