package io.joulebench.core.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.parquet.ParquetFile.Column;
import io.joulebench.core.parquet.ParquetFile.Type;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ParquetFile} read back by DuckDB (an independent reader, test scope only): types, nulls, lists, metadata. */
class ParquetFileTest {

    static final List<Column> COLUMNS = List.of(new Column("i", Type.INT64), new Column("n", Type.INT32),
            new Column("x", Type.DOUBLE), new Column("b", Type.BOOLEAN), new Column("s", Type.STRING),
            new Column("times", Type.DOUBLE_LIST));

    @TempDir
    Path tmp;

    @Test
    void duckdb_reads_back_every_type_null_and_list_with_the_footer_metadata() throws Exception {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {1L, 7, 1.5, true, "ok", new double[] {0.25, 0.5}});
        rows.add(new Object[] {2L, null, null, false, null, new double[0]});
        rows.add(new Object[] {3L, -3, -2.0e-9, null, "é\"x", null});
        for (int i = 0; i < 20; i++) { // more than 15 list elements and long runs
            rows.add(new Object[] {100L + i, i, (double) i, i % 3 == 0, "r" + i, new double[] {i, i + 0.5, i + 1}});
        }
        Path file = write(rows, Map.of("experiment_id", "server-abc-c1-L0-W0"));

        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '"
                    + file + "')")) {
                Map<String, String> types = new LinkedHashMap<>();
                while (rs.next()) {
                    types.put(rs.getString(1), rs.getString(2));
                }
                assertThat(types).containsExactly(Map.entry("i", "BIGINT"), Map.entry("n", "INTEGER"),
                        Map.entry("x", "DOUBLE"), Map.entry("b", "BOOLEAN"), Map.entry("s", "VARCHAR"),
                        Map.entry("times", "DOUBLE[]"));
            }
            try (ResultSet rs = st.executeQuery("SELECT i, n, x, b, s, times::VARCHAR, len(times) FROM '" + file
                    + "' ORDER BY i LIMIT 3")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(1);
                assertThat(rs.getInt(2)).isEqualTo(7);
                assertThat(rs.getDouble(3)).isEqualTo(1.5);
                assertThat(rs.getBoolean(4)).isTrue();
                assertThat(rs.getString(5)).isEqualTo("ok");
                assertThat(rs.getString(6)).isEqualTo("[0.25, 0.5]");
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(2)).isNull();
                assertThat(rs.getObject(3)).isNull();
                assertThat(rs.getBoolean(4)).isFalse();
                assertThat(rs.getObject(5)).isNull();
                assertThat(rs.getInt(7)).isZero();
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(2)).isEqualTo(-3);
                assertThat(rs.getDouble(3)).isEqualTo(-2.0e-9);
                assertThat(rs.getObject(4)).isNull();
                assertThat(rs.getString(5)).isEqualTo("é\"x");
                assertThat(rs.getObject(6)).isNull();
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*), sum(len(times)), count(b) FILTER (WHERE b) FROM '"
                    + file + "'")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(23);
                assertThat(rs.getLong(2)).isEqualTo(2 + 60);
                assertThat(rs.getLong(3)).isEqualTo(1 + 7);
            }
            try (ResultSet rs = st.executeQuery("SELECT decode(key), decode(value) FROM parquet_kv_metadata('" + file
                    + "')")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("experiment_id");
                assertThat(rs.getString(2)).isEqualTo("server-abc-c1-L0-W0");
            }
        }
    }

    @Test
    void no_rows_is_a_schema_only_file() throws Exception {
        Path file = write(List.of(), Map.of());
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM (DESCRIBE SELECT * FROM '" + file + "')")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(COLUMNS.size());
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM '" + file + "'")) {
            rs.next();
            assertThat(rs.getLong(1)).isZero();
        }
    }

    private Path write(List<Object[]> rows, Map<String, String> metadata) throws Exception {
        Path file = tmp.resolve("t.parquet");
        try (OutputStream out = Files.newOutputStream(file)) {
            ParquetFile.write(out, COLUMNS, rows, metadata, "test");
        }
        return file;
    }
}
