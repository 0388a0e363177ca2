package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Studies;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.SessionCounts;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session level's summary: its sessions beside the request rate they resulted in, after its level_result. */
class LevelSessionsLineTest {

    @TempDir
    Path dir;

    private static WindowRecord withSessions(WindowRecord w, SessionCounts s) {
        WindowMetrics m = w.metrics();
        WindowMetrics with = new WindowMetrics(m.requestThroughputReqS(), m.completedCount(), m.errorCount(),
                m.timeoutCount(), m.inWindowCount(), m.completionRate(), m.lengthTruncatedCount(), m.ttft(), m.tpot(),
                m.itl(), m.e2e(), m.serverReportedClientTokenRatio(), m.dispatchLateness(), m.capBoundFraction(),
                m.slo(), m.fidelity(), s);
        return new WindowRecord(w.levelIndex(), w.windowIndex(), w.spanStartNanos(), w.spanEndNanos(), w.bracket(),
                w.tokens(), w.intraWindowCv(), with, w.serverReportedOutputTokens(), false);
    }

    /** {@link Studies#QUICK} whose levels start conversations: chat API, two turns each. */
    private static final String SESSIONS = Studies.QUICK.replace("serving_mode: server\n",
            "serving_mode: server\ntask: {api: chat, sessions: {turns: 2, think_seconds: 0.1}}\n");

    private List<RecordedEvent> run(List<SessionCounts> perWindow) throws Exception {
        return run(SESSIONS, perWindow);
    }

    private List<RecordedEvent> run(String yaml, List<SessionCounts> perWindow) throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(0);
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "s.yaml", yaml));
        List<WindowRecord> windows = new ArrayList<>();
        for (int w = 0; w < perWindow.size(); w++) {
            WindowRecord plain = FakeSessionRunner.window(0, w, 2);
            windows.add(perWindow.get(w) == null ? plain : withSessions(plain, perWindow.get(w)));
        }
        WindowSpec spec = new WindowSpec(2, 5, 0, windows.size(), 0.05);
        LevelValidation valid = new LevelValidation(true, null, 0.01, windows.size(), 0.05);
        LevelResult level = new LevelResult(plan.cells().get(0), "s1", 0,
                new LevelOutcome(0, spec, windows, valid, null), windows, null, null, null, false);
        try (EventLog log = new EventLog(dir, 0, clock)) {
            log.studyStarted(plan);
            log.sessionStarted("s1", plan.cells());
            log.levelStarted(0, spec);
            log.levelResult(level);
        }
        return EventTail.of(dir).poll();
    }

    @Test
    void a_session_level_says_its_sessions_and_the_request_rate_they_resulted_in() throws Exception {
        List<RecordedEvent> events = run(List.of(new SessionCounts(5, 2), new SessionCounts(4, 3)));
        List<String> names = events.stream().map(e -> e.event().getClass().getSimpleName()).toList();
        assertThat(names).containsSubsequence("LevelFinished", "LevelSessions");
        RecordedEvent said = events.get(names.indexOf("LevelSessions"));
        RunEvent.LevelSessions s = (RunEvent.LevelSessions) said.event();
        RunEvent.LevelFinished result = (RunEvent.LevelFinished) events.get(names.indexOf("LevelFinished")).event();
        assertThat(s.started()).isEqualTo(9);
        assertThat(s.completed()).isEqualTo(5);
        assertThat(s.reqS()).as("the level's achieved request rate").isEqualTo(result.reqS());
        assertThat(said.line()).contains("sessions/s, 9 started and 5 completed in the windows; resulting in")
                .endsWith(" req/s");
    }

    @Test
    void a_session_levels_lines_give_its_rate_in_sessions_per_second() throws Exception {
        List<RecordedEvent> events = run(List.of(new SessionCounts(5, 2)));
        RecordedEvent started = events.stream().filter(e -> e.event() instanceof RunEvent.LevelStarted).findFirst()
                .orElseThrow();
        assertThat(started.line()).startsWith("level 1/3 at 2 sessions/s, ");
        assertThat(events).filteredOn(e -> e.line() != null && e.line().startsWith("level "))
                .allMatch(e -> e.line().contains(" at 2 sessions/s, "), "every level line says sessions/s");
    }

    @Test
    void a_request_levels_lines_keep_req_per_second() throws Exception {
        List<RecordedEvent> events = run(Studies.QUICK, java.util.Arrays.asList(null, null));
        assertThat(events).filteredOn(e -> e.line() != null && e.line().startsWith("level "))
                .isNotEmpty().allMatch(e -> e.line().contains(" at 2 req/s, "));
    }

    @Test
    void a_level_without_sessions_says_none() throws Exception {
        assertThat(run(Studies.QUICK, java.util.Arrays.asList(null, null))).noneMatch(e -> e.event() instanceof RunEvent.LevelSessions);
    }
}
