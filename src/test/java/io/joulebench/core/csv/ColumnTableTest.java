package io.joulebench.core.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.TableColumn.Origin;
import io.joulebench.core.parquet.ParquetFile.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnTableTest {

    record Sample(int id, String note, double[] times) {
    }

    private static final ColumnTable<Sample> TABLE = new ColumnTable<>(List.of(
            new TableColumn<>("ours_first", Kind.VALUE, "", Type.INT64, s -> s.id() * 10L),
            new TableColumn<>("id", Kind.VALUE, "", Type.INT32, Sample::id, Origin.UPSTREAM),
            new TableColumn<>("note", Kind.TEXT, "", Type.STRING, Sample::note),
            new TableColumn<>("t", Kind.VALUE, "s", Type.DOUBLE, s -> 0.5, Origin.UPSTREAM_PARQUET_ONLY),
            new TableColumn<>("times", Kind.VALUE, "s", Type.DOUBLE_LIST, s -> "1.5;2")));

    @Test
    void the_csv_keeps_table_order_and_parquet_puts_upstreams_columns_first() {
        assertThat(TABLE.names()).containsExactly("ours_first", "id", "note", "times");
        assertThat(TABLE.parquetColumns().stream().map(c -> c.name()))
                .containsExactly("id", "t", "ours_first", "note", "times");
    }

    @Test
    void a_row_is_written_with_each_columns_kind_and_read_back_into_its_parquet_type() throws Exception {
        Sample s = new Sample(3, "=cmd, really", null);
        String line = TABLE.csvLine(s);
        assertThat(line).isEqualTo("30,3,\"'=cmd, really\",1.5;2");

        List<String> cells = new CsvReader(new java.io.StringReader(line)).readAll().getFirst();
        Object[] parsed = TABLE.parser(TABLE.names()).apply(cells);
        assertThat(parsed[0]).isEqualTo(3);
        assertThat(parsed[1]).as("not in the CSV").isNull();
        assertThat(parsed[2]).isEqualTo(30L);
        assertThat(parsed[3]).as("the neutralising ' taken off").isEqualTo("=cmd, really");
        assertThat((double[]) parsed[4]).containsExactly(1.5, 2.0);
        assertThat(TABLE.parquetRow(s)).containsExactly(3, 0.5, 30L, "=cmd, really", new double[] {1.5, 2.0});
    }

    @Test
    void a_file_written_before_a_column_existed_reads_as_null_or_an_empty_list() {
        Object[] parsed = TABLE.parser(List.of("id", "note")).apply(List.of("4", "x"));
        assertThat(parsed[0]).isEqualTo(4);
        assertThat(parsed[2]).isNull();
        assertThat((double[]) parsed[4]).isEmpty();
    }

    @Test
    void a_name_declared_twice_is_refused_and_an_unknown_name_is_of_unknown_kind() {
        assertThatThrownBy(() -> new ColumnTable<Sample>(List.of(
                new TableColumn<>("id", Kind.VALUE, "", Type.INT32, Sample::id),
                new TableColumn<>("id", Kind.TEXT, "", Type.STRING, Sample::note))))
                .hasMessageContaining("id");
        assertThat(TABLE.kind("note")).isEqualTo(Kind.TEXT);
        assertThat(TABLE.kind("extra")).isEqualTo(Kind.UNKNOWN);
    }
}
