package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.app.live.JobRow;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderFollowerTest {

    @TempDir
    Path tmp;

    private final List<String> cancelled = new ArrayList<>();
    private final FolderFollower.JobCanceller scheduler = cancelled::add;

    private static final long NOW = 1_767_225_600L * 1_000_000_000L; // 2026-01-01, the virtual clock's start

    private FolderFollower follower(Path dir) {
        return new FolderFollower(dir, new FollowedRunFeed(dir.getFileName().toString(), () -> NOW), scheduler);
    }

    /** A finished run of the quickstart's shape (3 levels × 3 windows), written by the CLI's own parts. */
    private Path finishedRun(FakeSessionRunner sessions) throws Exception {
        return run("run", sessions);
    }

    private Path run(String name, FakeSessionRunner sessions) throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(0);
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", Studies.QUICK));
        ResultsFolder folder = ResultsFolder.createAt(tmp.resolve(name), plan, clock);
        if (sessions != null) {
            // on its own thread: an interrupt the fake raises must not leak into the test's
            Thread t = new Thread(() -> {
                try (EventLog log = new EventLog(folder.dir(), 0, clock)) {
                    new StudyRunner(sessions, clock).continueIn(folder, plan, log);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            t.start();
            t.join();
        }
        return folder.dir();
    }

    @Test
    void a_folder_followed_from_its_events_shows_what_the_live_view_shows_for_its_own_runs() throws Exception {
        Path dir = finishedRun(new FakeSessionRunner(0).invalidWhen(c -> c.rate() == 32.0).invalidReason("CV 21 %"));
        FolderFollower follower = follower(dir);

        assertThat(follower.poll()).as("study_finished ends the following").isTrue();

        LiveSnapshot s = follower.feed().snapshot();
        assertThat(s.state()).isEqualTo(RunState.FINISHED);
        assertThat(s.studyName()).isEqualTo("quick");
        assertThat(s.levels()).extracting(l -> l.rate()).containsExactly(2.0, 8.0, 32.0);
        assertThat(s.levels()).extracting(l -> l.windowsDone()).containsExactly(3, 3, 3);
        assertThat(s.levels()).extracting(l -> l.verdict())
                .containsExactly(Validity.VALID, Validity.VALID, Validity.INVALID);
        assertThat(s.levels().get(2).reason()).isEqualTo("CV 21 %");
        assertThat(s.windows()).as("one chart point per window with its J/token").hasSize(9)
                .allSatisfy(p -> assertThat(p.jPerToken()).isPositive());
        assertThat(s.windows().get(8).validity()).isEqualTo(Validity.INVALID);
        assertThat(s.kpis().jPerToken()).isPositive();
        assertThat(s.progress().fraction()).isEqualTo(1.0);
        assertThat(s.jobs()).isEmpty();
    }

    @Test
    void a_run_still_going_is_followed_as_its_lines_arrive() throws Exception {
        // as the manifest and events stand after the first level (the fake interrupts itself there)
        Path dir = run("run", new FakeSessionRunner(0).interruptAfterLevels(1));
        List<String> all = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        Files.write(dir.resolve(EventLog.FILE_NAME), all.subList(0, all.size() - 1));
        FolderFollower follower = follower(dir);

        assertThat(follower.poll()).isFalse();
        LiveSnapshot s = follower.feed().snapshot();
        assertThat(s.state()).isEqualTo(RunState.RUNNING);
        assertThat(s.levels().get(0).verdict()).isEqualTo(Validity.VALID);
        assertThat(s.levels().get(1).verdict()).isEqualTo(Validity.PENDING);
        assertThat(s.progress().eta()).as("the core's ETA on the events' times").isNotNull();

        Files.write(dir.resolve(EventLog.FILE_NAME), all);
        assertThat(follower.poll()).isTrue();
        assertThat(follower.feed().snapshot().state()).isEqualTo(RunState.CANCELLED);
    }

    @Test
    void a_folder_without_a_manifest_is_not_followed() {
        assertThatThrownBy(() -> follower(tmp).poll()).hasMessageContaining("not a results folder");
    }

    @Test
    void a_cluster_runs_jobs_show_their_states_and_its_figures_come_from_the_job_folders() throws Exception {
        Path dir = run("cluster-run", null);
        StudyPlan plan = io.joulebench.core.results.ResumeSource.plan(dir, null);
        // the coordinator's events: its job records (the state as fields), no level events of its own
        Path events = dir.resolve(EventLog.FILE_NAME);
        List<String> workerLines = Files.readAllLines(finishedRun(new FakeSessionRunner(0))
                .resolve(EventLog.FILE_NAME));
        Files.writeString(events, String.join("\n",
                "{\"t\":\"2026-01-01T00:00:00Z\",\"event\":\"study_started\",\"line\":\"study quick\"}",
                "{\"t\":\"2026-01-01T00:00:01Z\",\"event\":\"job_submitted\",\"job_id\":\"41\",\"group\":0,\"state\":\"PENDING\",\"line\":\"job 41 (joulebench-quick-g0): submitted for session group 0\"}",
                "{\"t\":\"2026-01-01T00:00:01Z\",\"event\":\"job_submitted\",\"job_id\":\"42\",\"group\":1,\"state\":\"PENDING\",\"line\":\"job 42 (joulebench-quick-g1): submitted for session group 1\"}",
                "{\"t\":\"2026-01-01T00:00:02Z\",\"event\":\"job_state\",\"job_id\":\"41\",\"group\":0,\"state\":\"RUNNING\",\"node\":\"node7\",\"line\":\"job 41: RUNNING on node7\"}",
                "{\"t\":\"2026-01-01T00:00:09Z\",\"event\":\"job_merged\",\"job_id\":\"42\",\"group\":1,\"state\":\"FAILED\",\"node\":\"node7\",\"reason\":\"Slurm job 42 ended FAILED on node7 (exit code 3)\",\"credited\":0,\"cells\":1,\"line\":\"job 42: Slurm job 42 ended FAILED on node7 (exit code 3), 0/1 level credited\"}",
                "") );
        List<String> keys = plan.cells().stream().map(c -> ManifestEntry.key(c.configHash(), c.cycle())).toList();
        JobRecord running = new JobRecord(JobRecord.jobsDir(dir).resolve("g000-a1"), 0, 1, "41",
                "joulebench-quick-g0", keys, 10, "2026-01-01T00:00:01Z");
        running.write();
        JobRecord failed = new JobRecord(JobRecord.jobsDir(dir).resolve("g001-a1"), 1, 1, "42",
                "joulebench-quick-g1", List.of("x-c1"), 10, "2026-01-01T00:00:01Z");
        failed.write();
        Files.writeString(failed.dir().resolve("merged"), "");
        // the running job's own events: the worker's level events with their fields (two levels so far)
        Files.createDirectories(running.resultsDir());
        int cut = 0;
        int results = 0;
        while (results < 2) {
            if (workerLines.get(cut++).contains("\"level_result\"")) {
                results++;
            }
        }
        Files.write(running.resultsDir().resolve(EventLog.FILE_NAME), workerLines.subList(0, cut));
        FolderFollower follower = follower(dir);

        assertThat(follower.poll()).isFalse();

        LiveSnapshot s = follower.feed().snapshot();
        assertThat(s.jobs()).extracting(JobRow::jobId, JobRow::group, JobRow::state, JobRow::failed, JobRow::credited)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("41", 0, "RUNNING on node7", false, "2/3"),
                        org.assertj.core.groups.Tuple.tuple("42", 1,
                                "FAILED: Slurm job 42 ended FAILED on node7 (exit code 3)", true, "0/1"));
        assertThat(s.levels()).extracting(l -> l.verdict())
                .containsExactly(Validity.VALID, Validity.VALID, Validity.PENDING);
        assertThat(s.windows()).hasSize(6);
        // issue 35 item 5: a cluster run read "ETA —" throughout; its ETA follows its jobs (groups side by side)
        assertThat(s.progress().eta()).as("a cluster run's ETA from its jobs").isNotNull();

        String what = follower.cancel();

        assertThat(cancelled).as("only the job not merged yet").containsExactly("41");
        assertThat(what).isEqualTo("cancelled 1 Slurm job");
        assertThat(follower.feed().snapshot().state()).isEqualTo(RunState.CANCELLING);

        // the coordinator takes a cancelled job in without a state event of its own: merged, last seen running
        Files.writeString(running.dir().resolve("merged"), "");
        follower.poll();
        assertThat(follower.feed().snapshot().jobs().get(0)).extracting(JobRow::state, JobRow::failed)
                .containsExactly("CANCELLED", true);
    }

    @Test
    void cancelling_a_run_nothing_runs_any_more_ends_the_view() throws Exception {
        Path dir = finishedRun(new FakeSessionRunner(0));
        List<String> all = Files.readAllLines(dir.resolve(EventLog.FILE_NAME));
        Files.write(dir.resolve(EventLog.FILE_NAME), all.subList(0, all.size() - 1)); // killed: no study_finished
        FolderFollower follower = follower(dir);
        follower.poll();

        assertThat(follower.cancel()).startsWith("nothing to cancel");
        assertThat(follower.feed().snapshot().state()).isEqualTo(RunState.CANCELLED);
    }
}
