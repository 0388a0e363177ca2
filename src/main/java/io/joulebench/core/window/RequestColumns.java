package io.joulebench.core.window;

import io.joulebench.core.csv.ColumnTable;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.parquet.ParquetFile.Type;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.SessionTurn;
import io.joulebench.core.traffic.TokenTimes;
import java.math.BigDecimal;
import java.util.function.Function;

/**
 * The one column table of {@code requests.csv} and {@code requests.parquet} (spec §5.5's columns, then ours), over
 * {@link RequestLogRow}: the request log, the bundle's Parquet file, the requests export and the bundle's empty
 * log are all made from it. Times are seconds on the shared monotonic clock, exact to the nanosecond; engine and
 * error text is neutralised for spreadsheets, everything else is a number, a flag or one of our own words. Adding a
 * column is one line here, before {@value #ENERGY_ATTRIBUTED_J}, which stays last.
 */
public final class RequestColumns {

    /** The column holding each row's attributed joules, known at the level's close ({@link RequestLogSpill}). */
    public static final String ENERGY_ATTRIBUTED_J = "energy_attributed_j";

    /** The request log's columns, in file order. */
    public static final ColumnTable<RequestLogRow> TABLE = ColumnTable.of(
            value("request_index", "", Type.INT64, r -> r.record().index()),
            value("issued_at", "s", Type.DOUBLE, r -> exact(r.record().issuedAtNanos())),
            value("dispatched_at", "s", Type.DOUBLE, r -> exact(r.record().dispatchedAtNanos())),
            value("first_token_at", "s", Type.DOUBLE, r -> exact(r.record().firstTokenAtNanos())),
            value("completed_at", "s", Type.DOUBLE, r -> exact(r.record().completedAtNanos())),
            value("ttft_ms", "ms", Type.DOUBLE, RequestLogRow::ttftMs),
            value("e2e_latency_ms", "ms", Type.DOUBLE, RequestLogRow::e2eLatencyMs),
            value("client_output_tokens", "tokens", Type.INT64, r -> r.record().result().tokenCount()),
            value("server_prompt_tokens", "tokens", Type.INT64, r -> r.record().result().serverPromptTokens()),
            value("server_completion_tokens", "tokens", Type.INT64,
                    r -> r.record().result().serverCompletionTokens()),
            value("status", "", Type.STRING, r -> r.record().status().label()),
            text("finish_reason", r -> r.record().result().finishReason()),
            value("level_index", "", Type.INT32, RequestLogRow::levelIndex),
            value("window_index", "", Type.INT32, RequestLogRow::windowIndex),
            value("in_measurement_window", "", Type.BOOLEAN, RequestLogRow::inMeasurementWindow),
            value("is_ramp", "", Type.BOOLEAN, RequestLogRow::isRamp),
            value("completed_in_drain", "", Type.BOOLEAN, RequestLogRow::completedInDrain),
            value("output_token_times", "s", Type.DOUBLE_LIST, RequestColumns::tokenTimes),
            text("error", r -> r.record().error()),
            value("retried", "", Type.BOOLEAN, r -> r.record().result().retried()),
            // a workload's fidelity (issue 30): what was asked of the request beside what the server did
            value("requested_input_tokens", "tokens", Type.INT64, r -> r.record().workload().requestedInputTokens()),
            value("requested_output_tokens", "tokens", Type.INT64,
                    r -> r.record().workload().requestedOutputTokens()),
            value("shared_prefix_tokens", "tokens", Type.INT64, r -> r.record().workload().sharedPrefixTokens()),
            value("server_cached_tokens", "tokens", Type.INT64, r -> r.record().result().serverCachedTokens()),
            // conversations (issue 32): the session (level-wide, in start order) and the turn (from 1); empty otherwise
            value("session_id", "", Type.INT64, r -> session(r, SessionTurn::sessionId)),
            value("turn", "", Type.INT32, r -> session(r, SessionTurn::turn)),
            // known only once every window of the level is: the rows wait typed until then (RequestLogSpill); last.
            // A non-finite figure is an empty cell in every format, as the CSV writer leaves it
            value(ENERGY_ATTRIBUTED_J, "J", Type.DOUBLE, r -> finite(r.energyAttributedJ())));

    private RequestColumns() {
    }

    private static TableColumn<RequestLogRow> value(String name, String unit, Type type,
                                                    Function<RequestLogRow, Object> value) {
        return new TableColumn<>(name, Kind.VALUE, unit, type, value);
    }

    private static TableColumn<RequestLogRow> text(String name, Function<RequestLogRow, Object> value) {
        return new TableColumn<>(name, Kind.TEXT, "", Type.STRING, value);
    }

    private static Object session(RequestLogRow row, Function<SessionTurn, Object> value) {
        SessionTurn turn = row.record().workload().session();
        return turn == null ? null : value.apply(turn);
    }

    private static Double finite(Double value) {
        return value == null || !Double.isFinite(value) ? null : value;
    }

    /** A clock reading in seconds, exact to the nanosecond; null stays null (an empty cell). */
    private static BigDecimal exact(Long nanos) {
        return nanos == null ? null : BigDecimal.valueOf(nanos, 9).stripTrailingZeros();
    }

    /** The token receipts in seconds, joined by ';' (empty without tokens). */
    private static String tokenTimes(RequestLogRow row) {
        StringBuilder times = new StringBuilder();
        TokenTimes receipts = row.record().result().tokenTimesNanos();
        for (int i = 0; i < receipts.size(); i++) {
            long t = receipts.get(i);
            if (!times.isEmpty()) {
                times.append(';');
            }
            times.append(BigDecimal.valueOf(t, 9).stripTrailingZeros().toPlainString());
        }
        return times.toString();
    }
}
