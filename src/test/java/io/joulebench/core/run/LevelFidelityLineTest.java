package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Studies;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace level's fidelity: typed sums in its level_result event, one line rendered from them after it. */
class LevelFidelityLineTest {

    @TempDir
    Path dir;

    static ReplayFidelity completed(int askedIn, int prompt, int askedOut, int delivered, int shared, int cached) {
        CompletionResult c = new CompletionResult("", new long[delivered], prompt, delivered, "length", null, null,
                null, cached);
        return ReplayFidelity.of(new RequestRecord(0, 0, 0L, 1L, RequestStatus.OK, null, c, null,
                new RequestWorkload(askedIn, askedOut, shared)));
    }

    static WindowRecord withFidelity(WindowRecord w, ReplayFidelity f) {
        WindowMetrics m = w.metrics();
        WindowMetrics with = new WindowMetrics(m.requestThroughputReqS(), m.completedCount(), m.errorCount(),
                m.timeoutCount(), m.inWindowCount(), m.completionRate(), m.lengthTruncatedCount(), m.ttft(), m.tpot(),
                m.itl(), m.e2e(), m.serverReportedClientTokenRatio(), m.dispatchLateness(), m.capBoundFraction(),
                m.slo(), f);
        return new WindowRecord(w.levelIndex(), w.windowIndex(), w.spanStartNanos(), w.spanEndNanos(), w.bracket(),
                w.tokens(), w.intraWindowCv(), with, w.serverReportedOutputTokens(), false);
    }

    private List<RecordedEvent> run(List<ReplayFidelity> perWindow) throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(0);
        StudyPlan plan = StudyPlan.of(Studies.load(dir, "s.yaml", Studies.QUICK));
        List<WindowRecord> windows = new ArrayList<>();
        for (int w = 0; w < perWindow.size(); w++) {
            windows.add(withFidelity(FakeSessionRunner.window(0, w, 2), perWindow.get(w)));
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
    void a_trace_level_carries_its_sums_and_says_them_in_one_line_after_its_result() throws Exception {
        ReplayFidelity a = completed(1000, 1001, 10, 10, 300, 280);
        ReplayFidelity b = completed(500, 500, 20, 20, 0, 0);
        List<RecordedEvent> events = run(List.of(a, b, ReplayFidelity.EMPTY));

        List<String> names = events.stream().map(e -> e.event().getClass().getSimpleName()).toList();
        assertThat(names).containsSubsequence("LevelFinished", "LevelFidelity");
        RunEvent.LevelFinished result = (RunEvent.LevelFinished) events.get(names.indexOf("LevelFinished")).event();
        assertThat(result.fidelity()).as("the typed sums, read back").isEqualTo(a.plus(b));
        assertThat(events.get(names.indexOf("LevelFidelity")).line())
                .startsWith("level 1/")
                .endsWith("fidelity: input 1.00× requested, output 1.00× requested, shareable prefix 20.0 %, "
                        + "served from cache 18.7 %");
    }

    @Test
    void a_level_that_asked_no_lengths_has_no_fidelity() throws Exception {
        List<RecordedEvent> events = run(List.of(ReplayFidelity.EMPTY, ReplayFidelity.EMPTY, ReplayFidelity.EMPTY));
        assertThat(events).noneMatch(e -> e.event() instanceof RunEvent.LevelFidelity);
        RunEvent.LevelFinished result = events.stream().map(RecordedEvent::event)
                .filter(RunEvent.LevelFinished.class::isInstance).map(RunEvent.LevelFinished.class::cast)
                .findFirst().orElseThrow();
        assertThat(result.fidelity()).isNull();
    }
}
