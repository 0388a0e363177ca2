package io.joulebench.core.results;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.CsvCells;
import io.joulebench.core.csv.TableColumn;
import java.util.List;
import java.util.Set;

/**
 * The names of {@code windows.csv}'s columns, for readers (the typed accessors of {@link WindowRow}, the GUI's tables).
 * The columns themselves, their names, order, kinds, units, Parquet types and values, are declared once in
 * {@link WindowColumn#TABLE}; the constants here are read from it, never spelled again. More columns may follow
 * these at the end; readers keep them and writers pass them through.
 */
public final class WindowsCsvColumns {

    public static final String EXPERIMENT_ID = WindowColumn.EXPERIMENT_ID.header();
    public static final String STUDY_NAME = WindowColumn.STUDY_NAME.header();
    public static final String SESSION_ID = WindowColumn.SESSION_ID.header();
    public static final String CONFIG_HASH = WindowColumn.CONFIG_HASH.header();
    public static final String CYCLE = WindowColumn.CYCLE.header();
    public static final String LEVEL_INDEX = WindowColumn.LEVEL_INDEX.header();
    public static final String WINDOW_INDEX = WindowColumn.WINDOW_INDEX.header();
    public static final String ENGINE = WindowColumn.ENGINE.header();
    public static final String MODEL = WindowColumn.MODEL.header();
    public static final String RUNNER = WindowColumn.RUNNER.header();
    public static final String RATE_REQ_S = WindowColumn.RATE_REQ_S.header();
    public static final String ARRIVAL = WindowColumn.ARRIVAL.header();
    public static final String BURSTINESS_CV = WindowColumn.BURSTINESS_CV.header();
    public static final String CONCURRENCY_CAP = WindowColumn.CONCURRENCY_CAP.header();
    public static final String ENERGY_KIND = WindowColumn.ENERGY_KIND.header();
    public static final String ENERGY_J = WindowColumn.ENERGY_J.header();
    public static final String MEAN_POWER_W = WindowColumn.MEAN_POWER_W.header();
    public static final String OUTPUT_TOKENS = WindowColumn.OUTPUT_TOKENS.header();
    public static final String J_PER_TOKEN = WindowColumn.J_PER_TOKEN.header();
    public static final String LEVEL_VALID = WindowColumn.LEVEL_VALID.header();
    public static final String LEVEL_COV = WindowColumn.LEVEL_COV.header();
    public static final String INVALID_REASON = WindowColumn.INVALID_REASON.header();
    public static final String REQUEST_THROUGHPUT_REQ_S = WindowColumn.REQUEST_THROUGHPUT_REQ_S.header();
    public static final String OUTPUT_TOKENS_PER_S = WindowColumn.OUTPUT_TOKENS_PER_S.header();
    public static final String TTFT_P99_MS = WindowColumn.TTFT_P99_MS.header();
    public static final String SLO_PASS = WindowColumn.SLO_PASS.header();

    /** Every column, in the order the file has them: the names of {@link WindowColumn}, the one column table. */
    public static final List<String> ALL = WindowColumn.TABLE.names();

    /**
     * Columns whose cells carry text a user can choose (names, ids built from names, reasons, free-form labels): the
     * {@link Kind#TEXT} columns of {@link WindowColumn}. Only these are neutralised against spreadsheet formula
     * injection; numbers are written untouched.
     */
    public static final Set<String> USER_TEXT = WindowColumn.TABLE.columns().stream()
            .filter(c -> c.kind() == Kind.TEXT).map(TableColumn::name)
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

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
        return WindowColumn.TABLE.kind(column);
    }
}
