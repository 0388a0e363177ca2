package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.EventTail;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract: the snapshot a live run's events build equals the snapshot replayed from its events.jsonl (issue 31,
 * item 1), for a plain run, a cancelled one and one interrupted then resumed. The live model is fed each event as
 * the run writes it; the replay reads the file back through the codec, so anything the file loses shows here.
 */
class FollowedRunReplayTest {

    private static final long NOW = 1_767_225_600L * 1_000_000_000L;

    @TempDir
    Path tmp;

    private final VirtualClock clock = VirtualClock.atSeconds(0);
    private StudyPlan plan;
    private FollowedRunFeed live;

    private FollowedRunFeed feed() {
        FollowedRunFeed f = new FollowedRunFeed("quick", () -> NOW);
        f.planned(plan, List.of());
        return f;
    }

    /** Runs one session on its own thread (an interrupt the fake raises must not leak into the test's). */
    private void session(Path dir, int credited, FakeSessionRunner sessions, boolean resume, ResultsFolder folder)
            throws Exception {
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try (EventLog log = new EventLog(dir, credited, clock, r -> live.runEvents(List.of(r)))) {
                StudyRunner runner = new StudyRunner(sessions, clock);
                if (resume) {
                    runner.resume(dir, null, log);
                } else {
                    runner.continueIn(folder, plan, log);
                }
            } catch (Exception e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private Path start(FakeSessionRunner sessions) throws Exception {
        plan = StudyPlan.of(Studies.load(tmp, "s.yaml", Studies.QUICK));
        live = feed();
        ResultsFolder folder = ResultsFolder.createAt(tmp.resolve("run"), plan, clock);
        session(folder.dir(), 0, sessions, false, folder);
        return folder.dir();
    }

    private LiveSnapshot replayed(Path dir) throws Exception {
        FollowedRunFeed replay = feed();
        List<RecordedEvent> all = new ArrayList<>();
        EventTail tail = EventTail.of(dir);
        List<RecordedEvent> more;
        while (!(more = tail.poll()).isEmpty()) {
            all.addAll(more);
        }
        replay.runEvents(all);
        return replay.snapshot();
    }

    private static void assertSame(LiveSnapshot live, LiveSnapshot replayed) {
        assertThat(replayed).usingRecursiveComparison().ignoringFields("version")
                .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class).isEqualTo(live);
    }

    @Test
    void a_plain_run_replays_to_its_live_snapshot() throws Exception {
        Path dir = start(new FakeSessionRunner(0).invalidWhen(c -> c.rate() == 32.0).invalidReason("CV 21 %"));

        LiveSnapshot s = live.snapshot();
        assertThat(s.state()).isEqualTo(RunState.FINISHED);
        assertThat(s.windows()).hasSize(9);
        assertThat(s.levels()).extracting(l -> l.verdict())
                .containsExactly(Validity.VALID, Validity.VALID, Validity.INVALID);
        assertSame(s, replayed(dir));
    }

    @Test
    void a_cancelled_run_replays_to_its_live_snapshot() throws Exception {
        Path dir = start(new FakeSessionRunner(0).interruptAfterLevels(1));

        LiveSnapshot s = live.snapshot();
        assertThat(s.state()).isEqualTo(RunState.CANCELLED);
        assertThat(s.levels()).extracting(l -> l.verdict()).contains(Validity.VALID).contains(Validity.PENDING);
        assertSame(s, replayed(dir));
    }

    @Test
    void an_interrupted_and_resumed_run_replays_both_sessions_to_its_live_snapshot() throws Exception {
        Path dir = start(new FakeSessionRunner(0).interruptAfterLevels(1));
        assertThat(live.snapshot().state()).isEqualTo(RunState.CANCELLED);
        session(dir, 1, new FakeSessionRunner(0), true, null);

        LiveSnapshot s = live.snapshot();
        assertThat(s.state()).as("the resume's end, not the first session's").isEqualTo(RunState.FINISHED);
        assertThat(s.levels()).extracting(l -> l.verdict()).containsOnly(Validity.VALID);
        assertSame(s, replayed(dir));
    }
}
