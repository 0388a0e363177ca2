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
 * @param unit  the unit of the column's numbers ({@code ms}, {@code J}…), empty for ids, words and ratios
 * @param value the value for one row; null is an empty cell
 */
public record TableColumn<R>(String name, Kind kind, String unit, Type parquetType, Function<R, Object> value) {

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
