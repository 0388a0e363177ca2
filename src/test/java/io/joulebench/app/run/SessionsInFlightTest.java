package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.LevelRow;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Studies;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.EventTail;
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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 item 5: the live model keeps a session level's sessions started, completed and in flight, the same for the
 * own run (its window records) and a followed one (the typed events it replays); a level without sessions has none.
 */
class SessionsInFlightTest {

    private static final long NOW = 1_767_225_600L * 1_000_000_000L;

    @TempDir
    Path dir;

    private static WindowRecord withSessions(int w, long started, long completed) {
        WindowRecord plain = FakeSessionRunner.window(0, w, 2);
        WindowMetrics m = plain.metrics();
        WindowMetrics with = new WindowMetrics(m.requestThroughputReqS(), m.completedCount(), m.errorCount(),
                m.timeoutCount(), m.inWindowCount(), m.completionRate(), m.lengthTruncatedCount(), m.ttft(), m.tpot(),
                m.itl(), m.e2e(), m.serverReportedClientTokenRatio(), m.dispatchLateness(), m.capBoundFraction(),
                m.slo(), m.fidelity(), new SessionCounts(started, completed));
        return new WindowRecord(plain.levelIndex(), plain.windowIndex(), plain.spanStartNanos(), plain.spanEndNanos(),
                plain.bracket(), plain.tokens(), plain.intraWindowCv(), with, plain.serverReportedOutputTokens(),
                false);
    }

    @Test
    void own_and_followed_runs_keep_a_session_levels_sessions_in_flight() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "s.yaml", Studies.QUICK));
        VirtualClock clock = VirtualClock.atSeconds(0);
        LevelTracker own = new LevelTracker();
        own.planned(plan);
        FollowedRunFeed followed = new FollowedRunFeed("quick", () -> NOW);
        followed.planned(plan, List.of());
        WindowSpec spec = new WindowSpec(2, 5, 0, 2, 0.05);
        List<WindowRecord> windows = List.of(withSessions(0, 5, 2), withSessions(1, 4, 3));
        try (EventLog log = new EventLog(dir, 0, clock, r -> followed.runEvents(List.of(r)))) {
            log.studyStarted(plan);
            log.sessionStarted("s1", plan.cells());
            own.session(plan.cells());
            log.levelStarted(0, spec);
            own.levelStarted(0, spec);

            log.windowClosed(windows.get(0));
            own.windowClosed(windows.get(0));
            for (LevelRow row : List.of(own.rows().get(0), followed.snapshot().levels().get(0))) {
                assertThat(row.sessionLevel()).isTrue();
                assertThat(row.sessionsInFlight()).isEqualTo(3);
                assertThat(row.sessionsText()).isEqualTo("3 sessions in flight · 5 started · 2 done");
            }
            assertThat(own.rows().get(1).sessionLevel()).as("a level not yet run says nothing of sessions").isFalse();
            assertThat(followed.snapshot().levels().get(1).sessionsText()).isEmpty();

            log.windowClosed(windows.get(1));
            own.windowClosed(windows.get(1));
            assertThat(own.rows().get(0).sessionsInFlight()).isEqualTo(4);
            assertThat(followed.snapshot().levels().get(0).sessions()).isEqualTo(new SessionCounts(9, 5));

            LevelValidation valid = new LevelValidation(true, null, 0.01, windows.size(), 0.05);
            log.levelResult(new LevelResult(plan.cells().get(0), "s1", 0,
                    new LevelOutcome(0, spec, windows, valid, null), windows, null, null, null, false));
        }
        assertThat(EventTail.of(dir).poll()).anyMatch(e -> e.event() instanceof RunEvent.LevelSessions);
        assertThat(followed.snapshot().levels().get(0).sessions()).isEqualTo(new SessionCounts(9, 5));
        assertThat(followed.snapshot().levels().get(0).sessionsText()).isEqualTo("9 sessions started · 5 done");

        // a follower that reads the file from the start (the window lines carry the counts) sees the same
        FollowedRunFeed replayed = new FollowedRunFeed("quick", () -> NOW);
        replayed.planned(plan, List.of());
        List<RecordedEvent> events = EventTail.of(dir).poll();
        replayed.runEvents(events.stream().filter(e -> !(e.event() instanceof RunEvent.LevelFinished)
                && !(e.event() instanceof RunEvent.LevelSessions)).toList());
        assertThat(replayed.snapshot().levels().get(0).sessions()).isEqualTo(new SessionCounts(9, 5));
    }

    @Test
    void a_session_levels_progress_reads_sessions_per_second_in_own_and_followed_runs() throws Exception {
        String sessions = Studies.QUICK.replace("serving_mode: server\n",
                "serving_mode: server\ntask: {api: chat, sessions: {turns: 3, think_seconds: 1}}\n");
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "sessions.yaml", sessions));
        StudyPlan plain = StudyPlan.of(Studies.load(dir, "plain.yaml", Studies.QUICK));
        assertThat(progressSays(plan, "sessions-run")).isEqualTo(List.of(true, true));
        assertThat(progressSays(plain, "plain-run")).isEqualTo(List.of(false, false));
        assertThat(io.joulebench.app.fx.Formats.rate(2, true)).isEqualTo("2 sessions/s");
        assertThat(io.joulebench.app.fx.Formats.rate(2, false)).isEqualTo("2 req/s");
    }

    /** Whether the own run's and the followed run's progress count sessions, once the first level has started. */
    private List<Boolean> progressSays(StudyPlan plan, String folder) throws Exception {
        Path runDir = java.nio.file.Files.createDirectories(dir.resolve(folder));
        StudyRunLiveFeed own = new StudyRunLiveFeed(() -> NOW);
        FollowedRunFeed followed = new FollowedRunFeed(plan.study().studyName(), () -> NOW);
        followed.planned(plan, List.of());
        WindowSpec spec = new WindowSpec(2, 5, 0, 2, 0.05);
        try (EventLog log = new EventLog(runDir, 0, VirtualClock.atSeconds(0),
                r -> followed.runEvents(List.of(r)))) {
            log.studyStarted(plan);
            log.sessionStarted("s1", plan.cells());
            log.levelStarted(0, spec);
        }
        own.studyStarted(plan);
        own.sessionStarted("s1", plan.cells());
        own.levelStarted(0, spec);
        return List.of(own.snapshot().progress().sessions(), followed.snapshot().progress().sessions());
    }

    @Test
    void a_level_without_sessions_has_no_sessions_cell() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "s.yaml", Studies.QUICK));
        LevelTracker own = new LevelTracker();
        own.planned(plan);
        own.session(plan.cells());
        own.levelStarted(0, new WindowSpec(2, 5, 0, 2, 0.05));
        own.windowClosed(FakeSessionRunner.window(0, 0, 2));
        assertThat(own.rows().get(0).sessionLevel()).isFalse();
        assertThat(own.rows().get(0).sessionsInFlight()).isZero();
    }
}
