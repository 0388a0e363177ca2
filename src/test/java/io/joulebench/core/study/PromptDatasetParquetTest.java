package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet prompt file, as the AIEnergyScore/text_generation dataset publishes its corpus (one {@code text} column),
 * written here by DuckDB: read as a dataset and as {@code dataset.source: aienergyscore}'s local copy.
 */
class PromptDatasetParquetTest {

    @TempDir
    Path tmp;

    private Path corpus(String name, String options) throws Exception {
        Path f = tmp.resolve(name);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT 'Question ' || i || ': what is energy?' AS text FROM range(30) t(i) ORDER BY i)"
                    + " TO '" + f + "' (FORMAT parquet, " + options + ")");
        }
        return f;
    }

    @Test
    void aienergyscore_reads_a_local_parquet_copy_named_by_the_setting() throws Exception {
        Path f = corpus("text_generation.parquet", "COMPRESSION snappy");
        System.setProperty("joulebench.aienergyscore", f.toString());
        try {
            Study study = StudyFixtures.load(StudyFixtures.MINIMAL
                    + "task: {dataset: {source: aienergyscore, n_prompts: 3, order: grouped}}\n");
            DatasetConfig d = study.cells().get(0).experiment().task().dataset();
            assertThat(d.source()).isEqualTo(f.toString());
            assertThat(PromptDataset.load(d, null, 1)).containsExactly("Question 0: what is energy?",
                    "Question 1: what is energy?", "Question 2: what is energy?");
        } finally {
            System.clearProperty("joulebench.aienergyscore");
        }
    }

    @Test
    void a_zstd_copy_is_refused_naming_the_codec_and_the_file() throws Exception {
        Path f = corpus("z.parquet", "COMPRESSION zstd");
        assertThatThrownBy(() -> PromptDataset.readFile(f)).isInstanceOf(PromptDatasetException.class)
                .hasMessageContaining("z.parquet").hasMessageContaining("ZSTD").hasMessageContaining("duckdb -c");
    }

    @Test
    void a_null_prompt_is_named_by_its_row() throws Exception {
        Path f = tmp.resolve("n.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT CASE WHEN i = 4 THEN NULL ELSE 'p' || i END AS prompt FROM range(6) t(i)"
                    + " ORDER BY i) TO '" + f + "' (FORMAT parquet)");
        }
        assertThatThrownBy(() -> PromptDataset.readFile(f)).hasMessageContaining("row 5 has no prompt");
    }
}
