package io.joulebench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResumeRefusedException;
import io.joulebench.core.results.Studies;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudyRunnerTest {

    @TempDir
    Path tmp;

    private static final String TWO_RATES = """
            study_name: two
            serving_mode: server
            engine: reference
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server: {traffic: {window_seconds: 5, ramp_exclusion_seconds: 0}, windows_per_level: 3}
            study_execution: {n_cycles: 2, experiment_order: %s, experiment_gap_seconds: 5, cycle_gap_seconds: 60}
            sweep: {server.traffic.rate: [2, 8, 32]}
            """;

    /** Runs on a fresh thread so an interrupt never leaks into the test thread. */
    private static StudyRunResult onThread(Action action) throws Exception {
        AtomicReference<Object> out = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                out.set(action.run());
            } catch (Exception e) {
                out.set(e);
            }
        });
        t.start();
        t.join();
        if (out.get() instanceof Exception e) {
            throw e;
        }
        return (StudyRunResult) out.get();
    }

    interface Action {
        StudyRunResult run() throws Exception;
    }

    @Test
    void interleave_runs_one_session_per_cycle_with_gaps_between_groups_and_cycles() throws IOException {
        Study study = Studies.load(tmp, "s.yaml", TWO_RATES.formatted("interleave"));
        FakeSessionRunner fake = new FakeSessionRunner(0);
        VirtualClock clock = VirtualClock.atSeconds(0);
        StudyRunResult r = new StudyRunner(fake, clock).run(study, tmp.resolve("out"), StudyRunListener.NONE);
        assertThat(fake.groups).hasSize(2);
        assertThat(fake.groups).allSatisfy(g -> assertThat(g).hasSize(3));
        assertThat(fake.groups.get(0)).extracting(ResolvedCell::cycle).containsOnly(1);
        assertThat(fake.groups.get(1)).extracting(ResolvedCell::cycle).containsOnly(2);
        assertThat(clock.seconds()).as("one cycle gap between the two sessions").isEqualTo(60.0);
        assertThat(r.completed()).isEqualTo(6);
        assertThat(r.totalWindows()).isEqualTo(18);
        assertThat(r.interrupted()).isFalse();
    }

    @Test
    void sequential_with_two_cycles_launches_one_session_per_cell_and_cycle() throws IOException {
        Study study = Studies.load(tmp, "s.yaml", TWO_RATES.formatted("sequential"));
        FakeSessionRunner fake = new FakeSessionRunner(0);
        VirtualClock clock = VirtualClock.atSeconds(0);
        new StudyRunner(fake, clock).run(study, tmp.resolve("out"), StudyRunListener.NONE);
        assertThat(fake.groups).hasSize(6).allSatisfy(g -> assertThat(g).hasSize(1));
        // A1 A2 B1 B2 C1 C2: every step changes cycle → 5 cycle gaps
        assertThat(clock.seconds()).isEqualTo(5 * 60.0);
    }

    @Test
    void interrupt_during_second_level_credits_the_first_and_resume_runs_only_the_rest() throws Exception {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        FakeSessionRunner first = new FakeSessionRunner(0).interruptAfterLevels(1);
        StudyRunResult cut = onThread(() -> new StudyRunner(first, VirtualClock.atSeconds(0))
                .run(study, tmp.resolve("out"), StudyRunListener.NONE));
        assertThat(cut.interrupted()).isTrue();
        assertThat(cut.completed()).isEqualTo(1);
        assertThat(cut.unfinished()).isEqualTo(2);
        assertThat(cut.entries().get(1).status()).isEqualTo(CellStatus.RUNNING);
        assertThat(cut.entries().get(1).reason()).isEqualTo("interrupted");
        assertThat(cut.entries().get(2).status()).isEqualTo(CellStatus.PENDING);
        assertThat(WindowsCsvTable.readFolder(cut.folder()).rows()).hasSize(3);

        FakeSessionRunner second = new FakeSessionRunner(0);
        StudyRunResult done = onThread(() -> new StudyRunner(second, VirtualClock.atSeconds(0))
                .resume(cut.folder(), null, StudyRunListener.NONE));
        assertThat(second.groups).hasSize(1);
        assertThat(second.groups.get(0)).extracting(ResolvedCell::index).containsExactly(1, 2);
        assertThat(done.folder()).isEqualTo(cut.folder());
        assertThat(done.completed()).isEqualTo(3);
        assertThat(done.entries()).extracting(ManifestEntry::status).containsOnly(CellStatus.COMPLETED);
        List<WindowRow> rows = WindowsCsvTable.readFolder(done.folder()).rows();
        assertThat(rows).hasSize(9);
        assertThat(new HashSet<>(rows.stream().map(WindowRow::experimentId).toList())).hasSize(9);

        FakeSessionRunner third = new FakeSessionRunner(0);
        new StudyRunner(third, VirtualClock.atSeconds(0)).resume(cut.folder(), null, StudyRunListener.NONE);
        assertThat(third.groups).as("a fully credited study is a no-op").isEmpty();
    }

    @Test
    void resume_skips_failed_cells_with_windows_and_reruns_failed_cells_without() throws Exception {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK.replace("n_cycles: 1", "n_cycles: 2"));
        FakeSessionRunner first = new FakeSessionRunner(0)
                .invalidWhen(c -> c.rate() == 8.0)
                .launchFailsWhen(c -> c.cycle() == 2);
        StudyRunResult r = new StudyRunner(first, VirtualClock.atSeconds(0))
                .run(study, tmp.resolve("out"), StudyRunListener.NONE);
        assertThat(r.completed()).isEqualTo(2);
        assertThat(r.failed()).isEqualTo(4);
        assertThat(r.invalidLevels()).anyMatch(s -> s.contains("CV 0.21")).anyMatch(s -> s.contains("launch failed"));
        FakeSessionRunner second = new FakeSessionRunner(0);
        StudyRunResult again = new StudyRunner(second, VirtualClock.atSeconds(0))
                .resume(r.folder(), null, StudyRunListener.NONE);
        assertThat(second.groups).hasSize(1);
        assertThat(second.groups.get(0)).extracting(ResolvedCell::cycle).containsOnly(2);
        assertThat(second.groups.get(0)).hasSize(3);
        assertThat(again.completed()).isEqualTo(5);
        assertThat(again.failed()).as("the invalid level keeps its windows and reason").isEqualTo(1);
        assertThat(again.totalWindows()).isEqualTo(18);
    }

    @Test
    void resume_refuses_a_study_that_resolves_to_other_cells() throws IOException {
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        StudyRunResult r = new StudyRunner(new FakeSessionRunner(0).launchFailsWhen(c -> true),
                VirtualClock.atSeconds(0)).run(study, tmp.resolve("out"), StudyRunListener.NONE);
        Path copy = r.folder().resolve("study.yaml");
        Files.writeString(copy, Files.readString(copy).replace("[2, 8, 32]", "[2, 8, 64]"));
        assertThatThrownBy(() -> new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .resume(r.folder(), null, StudyRunListener.NONE))
                .isInstanceOf(ResumeRefusedException.class)
                .hasMessageContaining("no longer resolves").hasMessageContaining("cell 2");
    }

    @Test
    void a_session_that_throws_fails_its_uncredited_cells_and_the_study_goes_on() throws IOException {
        Study study = Studies.load(tmp, "s.yaml", TWO_RATES.formatted("interleave"));
        FakeSessionRunner fake = new FakeSessionRunner(0) {
            @Override
            public void runGroup(io.joulebench.core.study.StudyPlan s, List<ResolvedCell> cells, io.joulebench.core.session.SessionSink sink,
                                 StudyRunListener l) throws InterruptedException {
                if (cells.get(0).cycle() == 1) {
                    throw new IllegalStateException("engine exploded");
                }
                super.runGroup(s, cells, sink, l);
            }
        };
        StudyRunResult r = new StudyRunner(fake, VirtualClock.atSeconds(0))
                .run(study, tmp.resolve("out"), StudyRunListener.NONE);
        assertThat(r.failed()).isEqualTo(3);
        assertThat(r.completed()).isEqualTo(3);
        assertThat(r.entries()).filteredOn(e -> e.cycle() == 1)
                .allSatisfy(e -> assertThat(e.reason()).isEqualTo("engine exploded"));
    }

    @Test
    void resume_of_a_folder_without_manifest_is_refused() {
        assertThatThrownBy(() -> new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .resume(tmp, null, StudyRunListener.NONE))
                .isInstanceOf(ResumeRefusedException.class).hasMessageContaining("not a results folder");
    }

}
