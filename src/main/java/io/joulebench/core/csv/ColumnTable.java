package io.joulebench.core.csv;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.parquet.ParquetFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The columns of one results file over typed rows {@code R}, in CSV file order: the CSV writer, the Parquet writer,
 * the exports and the readers all iterate this table, so a column added here (at the end, so older files stay
 * readable) appears in every format under one name. The Parquet file has upstream's columns first, then ours, each
 * in table order.
 */
public final class ColumnTable<R> {

    private final List<TableColumn<R>> columns;
    private final List<TableColumn<R>> parquetOrder;
    private final List<String> names;
    private final Map<String, Kind> kinds = new HashMap<>();

    public ColumnTable(List<TableColumn<R>> columns) {
        this.columns = List.copyOf(columns);
        Set<String> seen = new HashSet<>();
        for (TableColumn<R> c : columns) {
            kinds.put(c.name(), c.kind());
            if (!seen.add(c.name())) {
                throw new IllegalArgumentException("column " + c.name() + " is declared twice");
            }
        }
        List<TableColumn<R>> order = new ArrayList<>(columns.stream()
                .filter(c -> c.origin() != TableColumn.Origin.OURS).toList());
        order.addAll(columns.stream().filter(c -> c.origin() == TableColumn.Origin.OURS).toList());
        this.parquetOrder = List.copyOf(order);
        this.names = columns.stream().filter(TableColumn::inCsv).map(TableColumn::name).toList();
    }

    @SafeVarargs
    public static <R> ColumnTable<R> of(TableColumn<R>... columns) {
        return new ColumnTable<>(List.of(columns));
    }

    /** Every column, in table order. */
    public List<TableColumn<R>> columns() {
        return columns;
    }

    /** The CSV file's column names, in file order. */
    public List<String> names() {
        return names;
    }

    /** The Parquet file's columns in its order: upstream's first, then ours, each in table order. */
    public List<TableColumn<R>> parquetOrder() {
        return parquetOrder;
    }

    /** The CSV kind of the column named {@code name}; {@link Kind#UNKNOWN} for a name the table does not hold. */
    public Kind kind(String name) {
        return kinds.getOrDefault(name, Kind.UNKNOWN);
    }

    /** The CSV header line (without its line end). */
    public String headerLine() {
        return String.join(",", names());
    }

    /** One row's CSV values, in file order. */
    public List<Object> values(R row) {
        List<Object> values = new ArrayList<>(columns.size());
        for (TableColumn<R> c : columns) {
            if (c.inCsv()) {
                values.add(c.value().apply(row));
            }
        }
        return values;
    }

    /** One row as a CSV line (without its line end), encoded by {@link CsvWriter}. */
    public String csvLine(R row) {
        return CsvWriter.line(names, this::kind, values(row));
    }

    /** The Parquet schema: the same names, each with its column's type, in {@link #parquetOrder()}. */
    public List<ParquetFile.Column> parquetColumns() {
        return parquetOrder.stream().map(c -> new ParquetFile.Column(c.name(), c.parquetType())).toList();
    }

    /** One row's Parquet values, in {@link #parquetOrder()}. */
    public Object[] parquetRow(R row) {
        return parquetOrder.stream().map(c -> c.parquetValue(row)).toArray();
    }

    /**
     * Reads CSV records written under {@code header} back as Parquet values in {@link #parquetOrder()}: each
     * column's cell found by its name in the header (a file written before a column existed gives null, or an empty
     * list), parsed by the column.
     */
    public Function<List<String>, Object[]> parser(List<String> header) {
        int[] at = parquetOrder.stream().mapToInt(c -> header.indexOf(c.name())).toArray();
        return record -> {
            Object[] row = new Object[at.length];
            for (int i = 0; i < row.length; i++) {
                row[i] = parquetOrder.get(i).parse(at[i] < 0 || at[i] >= record.size() ? null : record.get(at[i]));
            }
            return row;
        };
    }
}
