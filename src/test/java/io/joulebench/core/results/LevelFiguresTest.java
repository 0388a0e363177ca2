package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LevelFiguresTest {

    @TempDir
    Path tmp;

    /** Window {@code w} of level 0 with its own achieved rate and TTFT p99. */
    static WindowRecord window(int w, double reqPerS, double ttftP99, boolean provisional) {
        WindowRecord base = FakeSessionRunner.window(0, w, 16);
        WindowMetrics m = base.metrics();
        LatencyPercentiles ttft = new LatencyPercentiles(10.0, 20.0, ttftP99, ttftP99 + 1, 10, true);
        WindowMetrics metrics = new WindowMetrics(reqPerS, m.completedCount(), m.errorCount(), m.timeoutCount(),
                m.inWindowCount(), m.completionRate(), m.lengthTruncatedCount(), ttft, m.tpot(), m.itl(), m.e2e(),
                m.serverReportedClientTokenRatio(), m.dispatchLateness(), m.capBoundFraction(), m.slo());
        return new WindowRecord(0, w, base.spanStartNanos(), base.spanEndNanos(), base.bracket(), base.tokens(),
                base.intraWindowCv(), metrics, base.serverReportedOutputTokens(), provisional);
    }

    @Test
    void a_level_reads_the_same_from_its_records_and_from_its_windows_csv_rows() {
        // Issue 22 item 3: windows that achieved 17.2, 10 and 14.6 req/s are a 13.93 req/s level everywhere, and
        // its TTFT p99 is the mean of the windows' p99 (not the worst window).
        List<WindowRecord> records = List.of(window(0, 17.2, 1330, false), window(1, 10, 700, false),
                window(2, 14.6, 145, false));
        ResolvedCell cell = StudyPlan.of(Studies.load(tmp, "s.yaml",
                "serving_mode: server\nserver: {traffic: {rate: 16}}\n")).cells().get(0);
        LevelResult level = ResultsFolderTest.level(cell, 0, true);
        WindowRowMapper mapper = new WindowRowMapper("s", "9.9");
        List<WindowRow> rows = records.stream().map(r -> {
            Map<String, String> cells = new LinkedHashMap<>();
            mapper.map(level, r, "id").forEach((k, v) -> cells.put(k, v == null ? "" : String.valueOf(v)));
            return new WindowRow(cells);
        }).toList();

        LevelFigures live = LevelFigures.ofRecords(records);
        LevelFigures read = LevelFigures.ofRows(rows);

        assertThat(live.requestRateReqS()).isCloseTo(13.933333, within(1e-5));
        assertThat(live.ttftP99Ms()).isCloseTo(725.0, within(1e-9));
        assertThat(read).isEqualTo(live);
    }

    @Test
    void provisional_records_are_left_out_and_a_level_with_none_final_has_no_figures() {
        LevelFigures provisional = LevelFigures.ofRecords(List.of(window(0, 0.9, 1330, true)));
        assertThat(provisional.windows()).isZero();
        assertThat(provisional.requestRateReqS()).isNaN();
        assertThat(provisional.ttftP99Ms()).isNaN();

        LevelFigures mixed = LevelFigures.ofRecords(List.of(window(0, 17.2, 800, false), window(1, 0.6, 7544, true)));
        assertThat(mixed.windows()).isEqualTo(1);
        assertThat(mixed.requestRateReqS()).isEqualTo(17.2);
        assertThat(mixed.ttftP99Ms()).isEqualTo(800.0);
    }
}
