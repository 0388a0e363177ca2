package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WarmupState;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 item 1: one live model for own and followed runs. The same run seen by this workbench (the runner's
 * listener calls into {@link StudyRunLiveFeed}) and by a follower of its folder (the typed events its
 * {@link EventLog} appends, into {@link FollowedRunFeed}) shows the same level table, window chart, progress and
 * state; only what the events do not carry (phases on the run's clock, power per device, in-flight) differs.
 */
class OwnAndFollowedRunTest {

    private static final long NOW = 1_767_225_600L * 1_000_000_000L;

    @TempDir
    Path tmp;

    private final VirtualClock clock = VirtualClock.atSeconds(0);
    private StudyRunLiveFeed own;
    private FollowedRunFeed followed;

    private void run(FakeSessionRunner sessions) throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", Studies.QUICK));
        own = new StudyRunLiveFeed(() -> NOW, Runnable::run);
        followed = new FollowedRunFeed("quick", () -> NOW);
        followed.planned(plan, List.of());
        ResultsFolder folder = ResultsFolder.createAt(tmp.resolve("run"), plan, clock);
        own.starting("quick");
        AtomicReference<Exception> failure = new AtomicReference<>();
        // on its own thread: an interrupt the fake raises must not leak into the test's
        Thread t = new Thread(() -> {
            try (EventLog log = new EventLog(folder.dir(), 0, clock, r -> followed.runEvents(List.of(r)))) {
                new StudyRunner(sessions, clock).continueIn(folder, plan, new TeeListener(log, own));
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

    private static void assertSameRun(LiveSnapshot own, LiveSnapshot followed) {
        assertThat(followed.state()).isEqualTo(own.state());
        assertThat(followed.studyName()).isEqualTo(own.studyName());
        assertThat(followed.levels()).usingRecursiveComparison()
                .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class).isEqualTo(own.levels());
        assertThat(followed.windows()).usingRecursiveComparison()
                .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class).isEqualTo(own.windows());
        assertThat(followed.progress()).usingRecursiveComparison().ignoringFields("eta")
                .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class).isEqualTo(own.progress());
    }

    @Test
    void a_finished_run_reads_the_same_in_its_own_feed_and_followed_from_its_events() throws Exception {
        run(new FakeSessionRunner(0).invalidWhen(c -> c.rate() == 32.0).invalidReason("CV 21 %"));

        LiveSnapshot s = own.snapshot();
        assertThat(s.state()).isEqualTo(RunState.FINISHED);
        assertThat(s.levels()).extracting(l -> l.verdict())
                .containsExactly(Validity.VALID, Validity.VALID, Validity.INVALID);
        assertThat(s.windows()).hasSize(9);
        assertSameRun(s, followed.snapshot());
    }

    @Test
    void a_cancelled_run_reads_the_same_in_its_own_feed_and_followed_from_its_events() throws Exception {
        run(new FakeSessionRunner(0).interruptAfterLevels(1));

        LiveSnapshot s = own.snapshot();
        assertThat(s.state()).isEqualTo(RunState.CANCELLED);
        assertThat(s.levels()).extracting(l -> l.verdict()).contains(Validity.VALID).contains(Validity.PENDING);
        assertSameRun(s, followed.snapshot());
    }

    @Test
    void a_fixed_warmup_reads_running_then_done_in_own_and_followed_runs_alike() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", Studies.QUICK));
        own = new StudyRunLiveFeed(() -> NOW, Runnable::run);
        followed = new FollowedRunFeed("quick", () -> NOW);
        followed.planned(plan, List.of());
        own.starting("quick");
        own.studyStarted(plan);
        own.sessionStarted("s1", plan.cells());
        RunEvent.At at = new RunEvent.At(1, 3, 16.0, 60);
        java.time.Instant t = java.time.Instant.ofEpochSecond(1_767_225_600L);

        own.warmupStarted(0, WarmupMode.FIXED);
        followed.runEvents(List.of(new RecordedEvent(t, null, new RunEvent.WarmupStarted(at, null, WarmupMode.FIXED))));
        assertThat(List.of(own.snapshot().progress().warmup(), followed.snapshot().progress().warmup()))
                .containsOnly(WarmupState.RUNNING_FIXED);

        own.warmupFinished(new WarmupResult(0, WarmupMode.FIXED, true, false, 3, null, null, "fixed"));
        followed.runEvents(List.of(new RecordedEvent(t, null,
                new RunEvent.WarmupFinished(at, null, WarmupMode.FIXED, true, false, 3))));
        assertThat(List.of(own.snapshot().progress().warmup(), followed.snapshot().progress().warmup()))
                .as("a followed run read a fixed warmup as converged").containsOnly(WarmupState.DONE_FIXED);
    }
}
