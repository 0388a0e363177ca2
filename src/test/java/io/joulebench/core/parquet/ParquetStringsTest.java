package io.joulebench.core.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetStrings} on files written by DuckDB (an independent writer), compared with what DuckDB reads back:
 * its defaults (SNAPPY, dictionary), GZIP, UNCOMPRESSED, data pages v2, nulls, several row groups, long strings.
 */
class ParquetStringsTest {

    /** 3,000 rows: repeating prompts (dictionary), every 7th null, some non-ASCII, one other column before. */
    private static final String ROWS = """
            SELECT i AS id, CASE WHEN i % 7 = 0 THEN NULL
                                 ELSE 'prompt ' || (i % 50) || ' — ünïcödé' END AS text
            FROM range(3000) t(i) ORDER BY i""";
    /** 40 distinct strings of 20,000 to 60,000 characters: too large for a dictionary, so PLAIN pages. */
    private static final String LONG = """
            SELECT i AS id, repeat(chr((97 + (i % 26))::INTEGER), 20000 + i * 1000) || i AS text
            FROM range(40) t(i) ORDER BY i""";

    @TempDir
    Path tmp;

    @Test
    void reads_duckdbs_default_snappy_dictionary_file_with_nulls_and_several_row_groups() throws Exception {
        Path f = write(ROWS, "snappy.parquet", "COMPRESSION snappy, ROW_GROUP_SIZE 1000");
        assertThat(rowGroups(f)).isGreaterThan(1);
        assertThat(encodings(f)).contains("DICTIONARY");
        assertThat(pageTypes(f)).doesNotContain("V2");
        ParquetStrings.Column c = ParquetStrings.read(f, List.of("prompt", "text"));
        assertThat(c.name()).isEqualTo("text");
        assertThat(c.values()).hasSize(3000).containsExactlyElementsOf(duckdb(f)).containsNull();
        assertThat(c.values().get(1)).isEqualTo("prompt 1 — ünïcödé");
    }

    @Test
    void reads_gzip_and_uncompressed_files() throws Exception {
        for (String codec : List.of("gzip", "uncompressed")) {
            Path f = write(ROWS, codec + ".parquet", "COMPRESSION " + codec + ", ROW_GROUP_SIZE 1000");
            assertThat(compression(f)).as(codec).isEqualTo(codec.toUpperCase());
            assertThat(ParquetStrings.read(f, List.of("text")).values()).as(codec)
                    .containsExactlyElementsOf(duckdb(f));
        }
    }

    @Test
    void reads_long_strings_in_plain_pages() throws Exception {
        for (String codec : List.of("snappy", "gzip", "uncompressed")) {
            Path f = write(LONG, "long-" + codec + ".parquet", "COMPRESSION " + codec);
            assertThat(encodings(f)).as(codec).doesNotContain("DICTIONARY");
            List<String> values = ParquetStrings.read(f, List.of("text")).values();
            assertThat(values).as(codec).hasSize(40).containsExactlyElementsOf(duckdb(f));
            assertThat(values.get(39)).hasSize(20000 + 39 * 1000 + 2);
        }
    }

    /**
     * DuckDB writes only v1 data pages (also with PARQUET_VERSION v2), so the v2 files come from pyarrow 25.0.1:
     * {@code make-v2-fixtures.py} beside them wrote them and their values ({@code v2-expected.json}), 400 rows in
     * row groups of 150, pages of about 2 KB, every 7th row null, with and without a dictionary.
     */
    @Test
    void reads_data_pages_v2_written_by_pyarrow() throws Exception {
        List<String> expected = new ArrayList<>();
        try (var in = getClass().getResourceAsStream("v2-expected.json")) {
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(in)
                    .forEach(n -> expected.add(n.isNull() ? null : n.asText()));
        }
        assertThat(expected).hasSize(400).containsNull();
        for (String codec : List.of("snappy", "gzip", "none")) {
            for (String kind : List.of("dict", "plain")) {
                String name = "v2-" + codec + "-" + kind + ".parquet";
                Path f = tmp.resolve(name);
                try (var in = getClass().getResourceAsStream(name)) {
                    java.nio.file.Files.write(f, in.readAllBytes());
                }
                assertThat(pageTypes(f)).as(name).contains("DATA_PAGE_V2").doesNotContain("DATA_PAGE,");
                assertThat(rowGroups(f)).as(name).isEqualTo(3);
                assertThat(ParquetStrings.read(f, List.of("text")).values()).as(name)
                        .containsExactlyElementsOf(expected).containsExactlyElementsOf(duckdb(f));
            }
        }
    }

    @Test
    void refuses_zstd_naming_the_codec_and_how_to_convert() throws Exception {
        Path f = write(ROWS, "z.parquet", "COMPRESSION zstd");
        assertThatThrownBy(() -> ParquetStrings.read(f, List.of("text")))
                .isInstanceOf(ParquetStrings.Unreadable.class)
                .hasMessageContaining("ZSTD").hasMessageContaining("COMPRESSION snappy");
    }

    @Test
    void a_missing_column_and_a_non_parquet_file_are_named() throws Exception {
        Path f = write(ROWS, "s.parquet", "COMPRESSION snappy");
        assertThatThrownBy(() -> ParquetStrings.read(f, List.of("prompt")))
                .hasMessageContaining("has no column prompt").hasMessageContaining("id, text");
        Path notParquet = java.nio.file.Files.writeString(tmp.resolve("x.parquet"), "hello, not parquet");
        assertThatThrownBy(() -> ParquetStrings.read(notParquet, List.of("text")))
                .hasMessageContaining("not a Parquet file");
    }

    private Path write(String select, String name, String options) throws Exception {
        Path f = tmp.resolve(name);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (" + select + ") TO '" + f + "' (FORMAT parquet, " + options + ")");
        }
        return f;
    }

    private static List<String> duckdb(Path f) throws Exception {
        return strings("SELECT text FROM read_parquet('" + f + "')");
    }

    private static long rowGroups(Path f) throws Exception {
        return Long.parseLong(strings("SELECT count(DISTINCT row_group_id)::VARCHAR FROM parquet_metadata('"
                + f + "')").getFirst());
    }

    private static String encodings(Path f) throws Exception {
        return String.join(",", strings("SELECT encodings FROM parquet_metadata('" + f + "') WHERE path_in_schema"
                + " = 'text'"));
    }

    private static String compression(Path f) throws Exception {
        return strings("SELECT DISTINCT compression FROM parquet_metadata('" + f + "') WHERE path_in_schema = 'text'")
                .getFirst();
    }

    /**
     * The type of each row group's first data page of {@code text}, read from the bytes at DuckDB's
     * {@code data_page_offset}: a page header starts with field 1 (i32, compact header 0x15) whose zigzag value is
     * 0 for DATA_PAGE and 6 for DATA_PAGE_V2 (3).
     */
    private static String pageTypes(Path f) throws Exception {
        byte[] b = java.nio.file.Files.readAllBytes(f);
        List<String> types = new ArrayList<>();
        for (String off : strings("SELECT data_page_offset::VARCHAR FROM parquet_metadata('" + f
                + "') WHERE path_in_schema = 'text'")) {
            int at = Integer.parseInt(off);
            assertThat(b[at]).isEqualTo((byte) 0x15);
            types.add(b[at + 1] == 6 ? "DATA_PAGE_V2" : b[at + 1] == 0 ? "DATA_PAGE" : "type " + b[at + 1]);
        }
        return String.join(",", types);
    }

    private static List<String> strings(String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }
}
