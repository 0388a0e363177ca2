package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.live.RunState;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FollowingRunsTest {

    @TempDir
    Path tmp;

    private final FakeRunController controller = new FakeRunController();
    private final AtomicReference<LiveSnapshot> own = new AtomicReference<>(LiveSnapshot.idle());
    private final List<Runnable> background = new ArrayList<>();
    private final List<String> reported = new ArrayList<>();
    private final List<Runnable> ticks = new ArrayList<>();
    private final FolderFollower.JobCanceller scheduler = jobId -> { };

    private FollowingRuns runs() {
        return new FollowingRuns(new RunBackend(own::get, controller), background::add, (period, task) -> {
            ticks.add(task);
            return () -> ticks.remove(task);
        }, scheduler,
                new FollowingRuns.Reporter() {
                    @Override
                    public void cancelled(String what) {
                        reported.add(what);
                    }

                    @Override
                    public void failed(String what, Exception cause) {
                        reported.add("failed: " + what);
                    }
                }, () -> 0L);
    }

    private Path folder() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", Studies.QUICK));
        return ResultsFolder.createAt(tmp.resolve("run"), plan, VirtualClock.atSeconds(0)).dir();
    }

    @Test
    void the_view_switches_to_a_followed_folder_and_back_with_versions_that_only_rise() throws Exception {
        FollowingRuns runs = runs();
        long before = runs.snapshot().version();
        Path dir = folder();

        runs.follow(dir);
        background.remove(0).run(); // one pass of the follower: reads the plan; the run has not started
        assertThat(ticks).as("polled until its last event").hasSize(1);

        LiveSnapshot followed = runs.snapshot();
        assertThat(followed.version()).isGreaterThan(before);
        assertThat(followed.levels()).hasSize(3);
        assertThat(runs.followedFolder()).isEqualTo(dir);
        assertThat(runs.snapshot()).as("unchanged: the same snapshot").isSameAs(followed);

        runs.stopFollowing();

        LiveSnapshot back = runs.snapshot();
        assertThat(back.version()).isGreaterThan(followed.version());
        assertThat(back.levels()).isEmpty();
        assertThat(runs.followedFolder()).isNull();
        assertThat(ticks).as("no more polling").isEmpty();
    }

    @Test
    void cancel_of_a_followed_folder_asks_its_own_question_and_never_touches_the_own_run() throws Exception {
        FollowingRuns runs = runs();
        runs.follow(folder());
        assertThat(runs.cancelQuestion()).as("a run on one machine: no jobs to speak of")
                .contains("interrupt", "joulebench resume").doesNotContain("scancel");

        runs.cancel();
        background.remove(background.size() - 1).run();

        assertThat(controller.calls).doesNotContain("cancel");
        assertThat(reported).singleElement().asString().startsWith("nothing to cancel");
        assertThat(runs.snapshot().state()).isEqualTo(RunState.CANCELLED);
    }

    @Test
    void the_own_cluster_runs_cancel_interrupts_its_coordinator_here() throws Exception {
        FollowingRuns runs = runs();
        runs.followOwn(folder());

        runs.cancel();

        assertThat(controller.calls).containsExactly("cancel");
        assertThat(runs.cancelQuestion()).isNull();
    }

    @Test
    void a_new_run_here_stops_following() throws Exception {
        FollowingRuns runs = runs();
        runs.follow(folder());

        runs.start();

        assertThat(runs.followedFolder()).isNull();
        assertThat(controller.calls).containsExactly("start");
    }
}
