package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.RunProgress;
import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.session.ForwardingListener;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 review item 4: "level i of N" has one owner, core's {@code StudyProgress}. At every level start, window
 * and level result of a run, the CLI's progress line (the event's {@code At}, what {@code run}, {@code resume} and
 * {@code watch} print), the workbench's own run and a workbench following the folder show the same i and N: for a
 * study of several session groups, for an offline study (no server rows in the live table, and no level start: an
 * offline batch reports its window and result only), and for a resume whose credited levels count first. The
 * workbench used to count the table's server rows; an offline study read "level 0/2" in the CLI.
 */
class LevelNumberAgreementTest {

    private static final long NOW = 1_767_225_600L * 1_000_000_000L;

    @TempDir
    Path tmp;

    private final VirtualClock clock = VirtualClock.atSeconds(0);
    private final FollowedRunFeed followed = new FollowedRunFeed("study", () -> NOW);
    /** "i/N" as the CLI, the own run and the followed run said it, one triple per level event. */
    private final List<List<String>> seen = new ArrayList<>();
    private RunEvent.At cli;

    @Test
    void several_session_groups_read_the_same_level_i_of_n_in_the_cli_and_the_workbench() throws Exception {
        // two cycles of two rates, interleaved: two session groups of two levels each
        StudyPlan plan = plan("""
                study_name: groups
                serving_mode: server
                engine: reference
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server: {traffic: {window_seconds: 5, ramp_exclusion_seconds: 2}, windows_per_level: 2,
                  warmup: {mode: fixed, duration_seconds: 3}}
                study_execution: {n_cycles: 2, experiment_order: interleave}
                sweep: {server.traffic.rate: [2, 8]}
                """);
        assertThat(plan.groups()).hasSize(2);

        run(plan, new FakeSessionRunner(0), null);

        assertAgreeing();
        assertThat(seen).extracting(s -> s.get(0)).containsSubsequence("1/4", "2/4", "3/4", "4/4");
    }

    @Test
    void an_offline_study_reads_the_same_level_i_of_n_though_the_live_table_has_no_server_row() throws Exception {
        StudyPlan plan = plan("""
                study_name: offline
                serving_mode: offline
                engine: reference
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                task: {max_output_tokens: 100, dataset: {n_prompts: 50}}
                sweep: {offline.concurrency: [1, 2]}
                """);
        assertThat(plan.cells()).noneMatch(c -> c.isServer());
        FakeSessionRunner fake = new FakeSessionRunner(0);
        // as OfflineSession reports a batch: its window and its result, no level start
        SessionRunner offline = (p, cells, sink, listener) -> fake.runGroup(p, cells, sink, new ForwardingListener() {
            @Override
            protected void forward(String event, Consumer<StudyRunListener> call) {
                if (!event.equals("levelStarted")) {
                    call.accept(listener);
                }
            }
        });

        run(plan, offline, null);

        assertAgreeing();
        assertThat(seen).extracting(s -> s.get(0)).as("each batch is its own level, though none says it started")
                .containsExactly("1/2", "1/2", "2/2", "2/2");
    }

    @Test
    void a_resumed_run_counts_its_credited_levels_first_in_the_cli_and_the_workbench() throws Exception {
        StudyPlan plan = plan(Studies.QUICK);
        ResultsFolder folder = run(plan, new FakeSessionRunner(0).interruptAfterLevels(1), null);
        seen.clear();

        List<ManifestEntry> entries = Manifest.read(folder.dir().resolve(Manifest.FILE_NAME)).entries();
        assertThat(entries).filteredOn(ManifestEntry::credited).hasSize(1);
        run(plan, new FakeSessionRunner(0), folder);

        assertAgreeing();
        assertThat(seen).extracting(s -> s.get(0)).as("the resume runs levels 2 and 3 of 3")
                .containsSubsequence("2/3", "3/3").doesNotContain("1/3");
    }

    private StudyPlan plan(String yaml) {
        return StudyPlan.of(Studies.load(tmp, "s.yaml", yaml));
    }

    /** Runs (or, with {@code resumeIn}, resumes) the plan as the CLI and the workbench would, noting each i/N. */
    private ResultsFolder run(StudyPlan plan, SessionRunner sessions, ResultsFolder resumeIn) throws Exception {
        StudyRunLiveFeed own = new StudyRunLiveFeed(() -> NOW, Runnable::run);
        if (resumeIn == null) {
            followed.planned(plan, List.of());
        }
        // a resume reopens (and reconciles) the folder, as StudyRunner.resume does
        ResultsFolder folder = resumeIn != null ? ResultsFolder.open(resumeIn.dir(), plan, clock)
                : ResultsFolder.createAt(tmp.resolve("run"), plan, clock);
        List<ManifestEntry> entries = Manifest.read(folder.dir().resolve(Manifest.FILE_NAME)).entries();
        int credited = (int) entries.stream().filter(ManifestEntry::credited).count(); // as ResumeCommand counts
        own.starting(plan.study().studyName());
        if (resumeIn != null) {
            own.resuming(entries);
        }
        StudyRunListener checker = new StudyRunListener() {
            @Override
            public void levelStarted(int levelIndex, WindowSpec spec) {
                note(own);
            }

            @Override
            public void windowClosed(WindowRecord record) {
                note(own);
            }

            @Override
            public void levelResult(LevelResult result) {
                note(own);
            }
        };
        Exception[] failure = new Exception[1];
        // on its own thread: an interrupt the fake raises must not leak into the test's
        Thread t = new Thread(() -> {
            try (EventLog log = new EventLog(folder.dir(), credited, clock, this::cliAndFollower)) {
                new StudyRunner(sessions, clock).continueIn(folder, plan,
                        new TeeListener(log, new TeeListener(own, checker)));
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        t.start();
        t.join();
        if (failure[0] != null) {
            throw failure[0];
        }
        return folder;
    }

    /** The CLI's line for an event, and a workbench following the folder reading it. */
    private void cliAndFollower(RecordedEvent r) {
        switch (r.event()) {
            case RunEvent.LevelStarted e -> cli = e.at();
            case RunEvent.WindowClosed e -> cli = e.at();
            case RunEvent.LevelFinished e -> cli = e.at();
            default -> {
            }
        }
        followed.runEvents(List.of(r));
    }

    private void note(StudyRunLiveFeed own) {
        seen.add(List.of(cli.level() + "/" + cli.levels(), text(own.snapshot().progress()),
                text(followed.snapshot().progress())));
    }

    private static String text(RunProgress p) {
        return p.level() + "/" + p.levelCount();
    }

    private void assertAgreeing() {
        assertThat(seen).isNotEmpty();
        assertThat(seen).allSatisfy(s -> assertThat(s).as("CLI, own run, followed run").containsOnly(s.get(0)));
    }
}
