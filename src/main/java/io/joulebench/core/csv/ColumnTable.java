package io.joulebench.core.csv;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.parquet.ParquetFile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns of one results file over typed rows {@code R}, in file order: the CSV writer, the Parquet writer, the
 * exports and the readers all iterate this table, so a column added here (at the end, so older files stay
 * readable) appears in every format under one name.
 */
public record ColumnTable<R>(List<TableColumn<R>> columns) {

    public ColumnTable {
        columns = List.copyOf(columns);
        Set<String> seen = new HashSet<>();
        for (TableColumn<R> c : columns) {
            if (!seen.add(c.name())) {
                throw new IllegalArgumentException("column " + c.name() + " is declared twice");
            }
        }
    }

    @SafeVarargs
    public static <R> ColumnTable<R> of(TableColumn<R>... columns) {
        return new ColumnTable<>(List.of(columns));
    }

    /** Every column's name, in file order. */
    public List<String> names() {
        return columns.stream().map(TableColumn::name).toList();
    }

    /** The position of the column named {@code name}, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The CSV kind of the column named {@code name}; {@link Kind#UNKNOWN} for a name the table does not hold. */
    public Kind kind(String name) {
        int i = indexOf(name);
        return i < 0 ? Kind.UNKNOWN : columns.get(i).kind();
    }

    /** The CSV header line (without its line end). */
    public String headerLine() {
        return String.join(",", names());
    }

    /** One row's values, in file order. */
    public List<Object> values(R row) {
        List<Object> values = new ArrayList<>(columns.size());
        for (TableColumn<R> c : columns) {
            values.add(c.value().apply(row));
        }
        return values;
    }

    /** One row as a CSV line (without its line end), encoded by {@link CsvWriter}. */
    public String csvLine(R row) {
        return CsvWriter.line(names(), this::kind, values(row));
    }

    /** The Parquet schema: the same names, each with its column's type. */
    public List<ParquetFile.Column> parquetColumns() {
        return columns.stream().map(c -> new ParquetFile.Column(c.name(), c.parquetType())).toList();
    }

    /**
     * A CSV record read back as Parquet values in table order: each column's cell found by its name in
     * {@code header} (a file written before a column existed gives null, or an empty list), parsed by the column.
     */
    public Object[] parse(List<String> header, List<String> record) {
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            int at = header.indexOf(columns.get(i).name());
            row[i] = columns.get(i).parse(at < 0 || at >= record.size() ? null : record.get(at));
        }
        return row;
    }
}
