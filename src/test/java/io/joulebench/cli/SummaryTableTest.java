package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.CellSummary;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.run.StudyRunResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The end-of-run table gives a level's J/token as every other view does: Σ energy / Σ tokens. */
class SummaryTableTest {

    @Test
    void a_levels_j_per_token_is_the_ratio_of_sums_not_the_mean_of_window_ratios() {
        // windows (100 J, 1000 tokens) and (100 J, 100 tokens): Σ/Σ = 200/1100 = 0.18182, mean of ratios = 0.55
        CellSummary s = new CellSummary(8.0, 2, 20.0, 200.0, 1100, 200.0 / 1100 * 1000, 0.55, true, "simulated");
        ManifestEntry e = new ManifestEntry(0, "h1", 1, "rate=8", CellStatus.COMPLETED, null, null, "s",
                List.of("w0", "w1"), s, "2026-12-06T00:00:00Z");

        List<String> lines = SummaryTable.lines(new StudyRunResult(Path.of("/tmp/nowhere-joulebench"), 1, 0, 0,
                List.of(), 2, false, List.of(e), null));

        assertThat(lines.get(1)).contains("0.18182").doesNotContain("0.55");
    }

    @Test
    void a_session_levels_row_gives_sessions_per_second_and_the_requests_per_second_that_resulted() {
        CellSummary s = new CellSummary(4.25, 2, 20.0, 200.0, 1100, 181.8, 0.2, true, "simulated", 0.5);
        ManifestEntry e = new ManifestEntry(0, "h1", 1, "rate=0.5", CellStatus.COMPLETED, null, null, "s",
                List.of("w0", "w1"), s, "2026-12-06T00:00:00Z");

        List<String> lines = SummaryTable.lines(new StudyRunResult(Path.of("/tmp/nowhere-joulebench"), 1, 0, 0,
                List.of(), 2, false, List.of(e), null));

        assertThat(lines.get(1)).contains("0.500 sess/s").contains("valid; 4.25 req/s resulted")
                .doesNotContain("0.500/s");
    }

    @Test
    void the_level_column_counts_from_one_as_the_progress_lines_do() {
        ManifestEntry first = new ManifestEntry(0, "h1", 1, "rate=8", CellStatus.PENDING, null, null, "s",
                List.of(), null, "2026-12-06T00:00:00Z");
        ManifestEntry second = new ManifestEntry(1, "h2", 1, "rate=16", CellStatus.PENDING, null, null, "s",
                List.of(), null, "2026-12-06T00:00:00Z");

        List<String> lines = SummaryTable.lines(new StudyRunResult(Path.of("/tmp/nowhere-joulebench"), 0, 0, 2,
                List.of(), 0, false, List.of(first, second), null));

        assertThat(lines.get(1)).startsWith("1 ").contains("h1");
        assertThat(lines.get(2)).startsWith("2 ").contains("h2");
    }
}
