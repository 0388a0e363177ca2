package io.joulebench.core.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.Studies;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.session.WindowIds;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link StudyExecutor} must do, wherever it puts the groups: run each group with uncredited cells once,
 * leave every cell credited or failed with a reason, and leave windows.csv with the ids and row order a local run
 * gives. Each implementation extends this (the local one here, Slurm over a fake scheduler).
 */
public abstract class StudyExecutorContract {

    @TempDir
    protected Path tmp;

    protected static final String TWO_GROUPS = """
            study_name: contract
            serving_mode: server
            engine: reference
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server: {traffic: {window_seconds: 5, ramp_exclusion_seconds: 0}, windows_per_level: 3}
            study_execution: {n_cycles: 2, experiment_order: interleave}
            sweep: {server.traffic.rate: [2, 8, 32]}
            """;

    /** The executor under test, running groups with {@code sessions} for {@code plan}. */
    protected abstract StudyExecutor executor(SessionRunner sessions, StudyPlan plan);

    private StudyRunResult run(StudyPlan plan, SessionRunner sessions, ResultsFolder folder) throws Exception {
        return new StudyRunner(executor(sessions, plan), Clock.system()).continueIn(folder, plan,
                StudyRunListener.NONE);
    }

    @Test
    void every_group_runs_once_and_windows_csv_has_the_local_ids_in_dispatch_order() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", TWO_GROUPS));
        assertThat(plan.groups()).hasSize(2);
        FakeSessionRunner fake = new FakeSessionRunner(0);
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        StudyRunResult r = run(plan, fake, folder);
        assertThat(fake.groups).hasSize(2);
        assertThat(r.completed()).isEqualTo(6);
        assertThat(r.interrupted()).isFalse();
        List<String> expected = new ArrayList<>();
        for (ResolvedCell c : plan.cells()) {
            for (int w = 0; w < 3; w++) {
                expected.add(WindowIds.of(c, plan.levelOf(c), w));
            }
        }
        assertThat(WindowsCsvTable.readFolder(folder.dir()).rows()).extracting(WindowRow::experimentId)
                .containsExactlyElementsOf(expected);
        assertThat(ResultsFolder.open(folder.dir(), plan, Clock.system()).entries()).allMatch(ManifestEntry::credited);
    }

    @Test
    void a_group_that_cannot_launch_leaves_its_cells_failed_with_the_reason_and_the_other_runs() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", TWO_GROUPS));
        FakeSessionRunner fake = new FakeSessionRunner(0).launchFailsWhen(c -> c.cycle() == 1);
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        run(plan, fake, folder);
        for (ManifestEntry e : folder.entries()) {
            if (e.cycle() == 1) {
                assertThat(e.status()).isEqualTo(CellStatus.FAILED);
                assertThat(e.reason()).contains("image not found");
            } else {
                assertThat(e.credited()).isTrue();
            }
        }
    }

    @Test
    void a_resume_runs_only_the_cells_not_credited() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "s.yaml", TWO_GROUPS));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        run(plan, new FakeSessionRunner(0).launchFailsWhen(c -> c.cycle() == 2), folder);
        FakeSessionRunner second = new FakeSessionRunner(0);
        run(plan, second, ResultsFolder.open(folder.dir(), plan, Clock.system()));
        assertThat(second.groups).hasSize(1);
        assertThat(second.groups.getFirst()).extracting(ResolvedCell::cycle).containsOnly(2);
        assertThat(WindowsCsvTable.readFolder(folder.dir()).rows()).hasSize(18);
    }
}
