package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end-of-study summary of a session level (issue 32): its rate is sessions per second, and the requests per
 * second that resulted sit beside it, in the manifest and read back from it.
 */
class SessionLevelSummaryTest {

    private static final String SESSIONS = Studies.QUICK.replace("serving_mode: server\n",
            "serving_mode: server\ntask: {api: chat, sessions: {turns: 2, think_seconds: 0.1}}\n");

    @TempDir
    Path dir;

    private LevelResult level(String yaml) {
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "s.yaml", yaml));
        List<WindowRecord> windows = List.of(FakeSessionRunner.window(0, 0, 3), FakeSessionRunner.window(0, 1, 5));
        WindowSpec spec = new WindowSpec(2, 5, 0, windows.size(), 0.05);
        LevelValidation valid = new LevelValidation(true, null, 0.01, windows.size(), 0.05);
        return new LevelResult(plan.cells().get(0), "s1", 0, new LevelOutcome(0, spec, windows, valid, null),
                windows, null, null, null, false, false);
    }

    @Test
    void a_session_level_gives_its_sessions_per_second_and_the_requests_per_second_that_resulted() throws Exception {
        LevelResult level = level(SESSIONS);
        CellSummary s = CellSummaries.of(level);

        double achieved = LevelFigures.ofRecords(level.windows()).requestRateReqS();
        assertThat(achieved).as("the windows' request_throughput_req_s: 3 and 5").isEqualTo(4.0);
        assertThat(s.sessionsPerS()).isEqualTo(2.0);
        assertThat(s.rateReqS()).isEqualTo(achieved);

        Path file = dir.resolve(Manifest.FILE_NAME);
        Manifest m = new Manifest("quick", "d", List.of(new ManifestEntry(0, "h1", 1, "rate=2",
                CellStatus.COMPLETED, null, null, "s1", List.of("w0", "w1"), s, "2026-12-06T00:00:00Z")));
        m.write(file);
        assertThat(java.nio.file.Files.readString(file)).contains("\"rate_sessions_s\" : 2.0");
        assertThat(Manifest.read(file).entries().getFirst().summary()).isEqualTo(s);
    }

    @Test
    void a_request_level_keeps_its_configured_rate_and_no_sessions() {
        CellSummary s = CellSummaries.of(level(Studies.QUICK));
        assertThat(s.sessionsPerS()).isNull();
        assertThat(s.rateReqS()).isEqualTo(2.0);
    }
}
