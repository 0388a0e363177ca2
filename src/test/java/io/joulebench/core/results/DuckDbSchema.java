package io.joulebench.core.results;

import io.joulebench.core.csv.ColumnTable;
import io.joulebench.core.parquet.ParquetFile.Type;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** A Parquet file's schema as DuckDB, a reader that is not ours, reads it, beside what a column table declares. */
final class DuckDbSchema {

    private static final Map<Type, String> DUCKDB = Map.of(Type.INT32, "INTEGER", Type.INT64, "BIGINT",
            Type.DOUBLE, "DOUBLE", Type.BOOLEAN, "BOOLEAN", Type.STRING, "VARCHAR", Type.DOUBLE_LIST, "DOUBLE[]");

    private DuckDbSchema() {
    }

    /** Each column's name and DuckDB type, in file order. */
    static Map<String, String> read(Statement st, Path parquet) throws SQLException {
        Map<String, String> types = new LinkedHashMap<>();
        try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM '" + parquet + "'")) {
            while (rs.next()) {
                types.put(rs.getString("column_name"), rs.getString("column_type"));
            }
        }
        return types;
    }

    /** What {@link #read} should give for a file written from {@code table}. */
    static Map<String, String> declared(ColumnTable<?> table) {
        Map<String, String> types = new LinkedHashMap<>();
        table.parquetOrder().forEach(c -> types.put(c.name(), DUCKDB.get(c.parquetType())));
        return types;
    }
}
