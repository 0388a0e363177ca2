package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A capacity search's levels have an SLO verdict; windows.csv's slo_pass says it for each window. */
class CapacitySearchSloPassTest {

    @TempDir
    Path tmp;

    private static final String SEARCH = """
            study_name: cap
            serving_mode: server
            engine: reference
            reference: {profile: small}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {window_seconds: 10}
              capacity_search:
                slo: {tpot_p50_ms: %s}
                min_rate: 4
                max_rate: 56
                tolerance: 1
                probe_seconds: 6
                measure_fractions: [1.0]
            """;

    /** A window as a study without server.traffic.slo has it: no per-request SLO overlay. */
    private static WindowRecord withoutOverlay() {
        WindowRecord w = FakeSessionRunner.window(0, 0, 16);
        WindowMetrics m = w.metrics();
        WindowMetrics bare = new WindowMetrics(m.requestThroughputReqS(), m.completedCount(), m.errorCount(),
                m.timeoutCount(), m.inWindowCount(), m.completionRate(), m.lengthTruncatedCount(), m.ttft(),
                m.tpot(), m.itl(), m.e2e(), m.serverReportedClientTokenRatio(), m.dispatchLateness(),
                m.capBoundFraction(), null);
        return new WindowRecord(w.levelIndex(), w.windowIndex(), w.spanStartNanos(), w.spanEndNanos(), w.bracket(),
                w.tokens(), w.intraWindowCv(), bare, w.serverReportedOutputTokens(), false);
    }

    private Map<String, Object> row(String yaml) {
        ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "c.yaml", yaml)).cells().getFirst();
        return new WindowRowMapper("s", "9.9").map(ResultsFolderTest.level(cell, 0, true), withoutOverlay(), "id");
    }

    @ParameterizedTest
    @CsvSource({"100000, true", "0.000001, false"})
    void a_capacity_search_levels_window_has_the_searchs_verdict(String bound, boolean pass) {
        Map<String, Object> row = row(SEARCH.formatted(bound));
        assertThat(row.get("tpot_p50_ms")).as("the figure the bound judges").isInstanceOf(Number.class);
        assertThat(row.get(WindowsCsvColumns.SLO_PASS)).isEqualTo(pass);
    }

    @Test
    void a_study_without_any_slo_leaves_the_column_empty() {
        Map<String, Object> row = row(Studies.QUICK);
        assertThat(row.get(WindowsCsvColumns.SLO_PASS)).isNull();
    }
}
