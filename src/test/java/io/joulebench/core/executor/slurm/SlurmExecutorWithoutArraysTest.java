package io.joulebench.core.executor.slurm;

import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;

/** The contract again with {@code job_arrays: false}: one job per group. */
class SlurmExecutorWithoutArraysTest extends SlurmExecutorTest {
    @Override
    boolean jobArrays() {
        return false;
    }

    @org.junit.jupiter.api.Test
    void without_arrays_each_group_is_its_own_job() throws Exception {
        StudyPlan plan = StudyPlan.of(io.joulebench.core.results.Studies.load(tmp, "s.yaml", TWO_GROUPS));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        new StudyRunner(executor(new io.joulebench.core.results.FakeSessionRunner(0), plan), Clock.system())
                .continueIn(folder, plan, StudyRunListener.NONE);
        org.assertj.core.api.Assertions.assertThat(scheduler.submissions).hasSize(2)
                .noneMatch(args -> args.stream().anyMatch(a -> a.startsWith("--array")));
        org.assertj.core.api.Assertions.assertThat(JobRecord.all(folder.dir())).extracting(JobRecord::jobId)
                .containsExactly("101", "102");
    }
}
