package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.parquet.ParquetFile;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** windows.csv's names, kinds and Parquet types come from the one table, WindowColumn.TABLE. */
class WindowColumnTableTest {

    @TempDir
    Path tmp;

    @Test
    void the_readers_names_and_kinds_are_the_tables() {
        assertThat(WindowsCsvColumns.ALL).isEqualTo(WindowColumn.TABLE.names())
                .isEqualTo(WindowColumn.inOrder().stream().map(WindowColumn::header).toList());
        assertThat(WindowsCsvColumns.J_PER_TOKEN).isEqualTo(WindowColumn.J_PER_TOKEN.column().name());
        for (TableColumn<WindowFacts> c : WindowColumn.TABLE.columns()) {
            assertThat(WindowsCsvColumns.kind(c.name())).as(c.name()).isEqualTo(c.kind());
            assertThat(WindowsCsvColumns.USER_TEXT.contains(c.name())).as(c.name()).isEqualTo(c.kind() == Kind.TEXT);
        }
        assertThat(WindowsCsvColumns.kind("a_later_column")).isEqualTo(Kind.UNKNOWN);
    }

    @Test
    void csv_and_parquet_carry_the_same_names_types_and_values() throws Exception {
        ResolvedCell server = StudyPlan.of(Studies.load(tmp, "s.yaml",
                "serving_mode: server\nserver: {traffic: {rate: 2, concurrency_cap: 8}}\n")).cells().get(0);
        LevelResult level = ResultsFolderTest.level(server, 1, false);
        WindowFacts facts = new WindowRowMapper("s", "9.9").facts(level, level.windows().get(2), "server-x");

        String csv = WindowColumn.TABLE.headerLine() + "\r\n" + WindowColumn.TABLE.csvLine(facts) + "\r\n";
        List<List<String>> cells = new CsvReader(new StringReader(csv)).readAll();
        assertThat(cells.get(0)).isEqualTo(WindowsCsvColumns.ALL);

        Path parquet = tmp.resolve("windows.parquet");
        try (OutputStream out = Files.newOutputStream(parquet)) {
            ParquetFile.write(out, WindowColumn.TABLE.parquetColumns(), List.<Object[]>of(WindowColumn.TABLE
                    .parquetRow(facts)), Map.of(), "test");
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            Map<String, String> schema = DuckDbSchema.read(st, parquet);
            assertThat(schema).containsExactlyEntriesOf(DuckDbSchema.declared(WindowColumn.TABLE));
            assertThat(List.copyOf(schema.keySet())).isEqualTo(cells.get(0));
            List<TableColumn<WindowFacts>> order = WindowColumn.TABLE.parquetOrder();
            try (ResultSet rs = st.executeQuery("SELECT * FROM '" + parquet + "'")) {
                assertThat(rs.next()).isTrue();
                for (int i = 0; i < order.size(); i++) {
                    assertThat(rs.getObject(i + 1)).as(order.get(i).name())
                            .isEqualTo(order.get(i).parse(cells.get(1).get(i)));
                }
            }
        }
        assertThat(WindowColumn.TABLE.parquetColumns()).contains(
                new ParquetFile.Column("level_index", ParquetFile.Type.INT32),
                new ParquetFile.Column("output_tokens", ParquetFile.Type.INT64),
                new ParquetFile.Column("level_valid", ParquetFile.Type.BOOLEAN),
                new ParquetFile.Column("j_per_token", ParquetFile.Type.DOUBLE),
                new ParquetFile.Column("study_name", ParquetFile.Type.STRING));
    }
}
