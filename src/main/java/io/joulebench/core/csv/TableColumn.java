package io.joulebench.core.csv;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.parquet.ParquetFile.Type;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.function.Function;

/**
 * One column of a results file, declared once for every format: its name (the same in CSV and Parquet), how its CSV
 * cells are written ({@link Kind}), its unit, its Parquet type, how its value is read from the typed row {@code R},
 * and how a CSV cell is parsed back into the Parquet value. A {@link ColumnTable} lists a file's columns in order.
 *
 * @param unit   the unit of the column's numbers ({@code ms}, {@code J}…), empty for ids, words and ratios
 * @param value  the value for one row; null is an empty cell
 * @param origin whose column it is, which decides its place in the Parquet file
 */
public record TableColumn<R>(String name, Kind kind, String unit, Type parquetType, Function<R, Object> value,
                             Origin origin) {

    /** Whose column it is. Parquet files put upstream's columns first (upstream's loader reads them by position). */
    public enum Origin {
        /** Joulebench's own: in every format, after upstream's columns in Parquet. */
        OURS,
        /** Upstream's: in every format, among the leading columns in Parquet. */
        UPSTREAM,
        /** Upstream's, in Parquet only: the CSV has the same fact in a column of its own. */
        UPSTREAM_PARQUET_ONLY
    }

    /** Joulebench's own column, in every format. */
    public TableColumn(String name, Kind kind, String unit, Type parquetType, Function<R, Object> value) {
        this(name, kind, unit, parquetType, value, Origin.OURS);
    }

    /** Whether the CSV file has this column. */
    public boolean inCsv() {
        return origin != Origin.UPSTREAM_PARQUET_ONLY;
    }

    /** The column's value of one row as its Parquet type holds it (a number widened or narrowed, text as text). */
    public Object parquetValue(R row) {
        Object v = value.apply(row);
        if (v == null || v instanceof double[]) {
            return v;
        }
        return switch (parquetType) {
            case INT32 -> ((Number) v).intValue();
            case INT64 -> ((Number) v).longValue();
            case DOUBLE -> ((Number) v).doubleValue();
            case BOOLEAN -> (Boolean) v;
            case STRING -> v.toString();
            case DOUBLE_LIST -> parse(v.toString());
        };
    }

    /** The column's typed value of one CSV cell (as read, still encoded): null for an empty or missing cell. */
    public Object parse(String cell) {
        if (parquetType == Type.DOUBLE_LIST) {
            // a list is present for every row (empty when it has no element); its elements are joined by ';'
            return cell == null || cell.isEmpty() ? new double[0]
                    : Arrays.stream(cell.split(";")).mapToDouble(Double::parseDouble).toArray();
        }
        if (cell == null || cell.isEmpty()) {
            return null;
        }
        return switch (parquetType) {
            case INT32 -> Integer.parseInt(cell);
            case INT64 -> new BigDecimal(cell).longValueExact();
            case DOUBLE -> Double.parseDouble(cell);
            case BOOLEAN -> Boolean.parseBoolean(cell);
            case STRING -> kind == Kind.VALUE ? cell : CsvCells.decodeText(cell);
            case DOUBLE_LIST -> throw new IllegalStateException();
        };
    }
}
