package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.app.fx.UserMessageException;
import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the workbench's run controller needs of every {@link StudyExecution}: an interrupt of the running thread is a
 * cancelled end, returned and not thrown, with the interrupt consumed; a cluster the execution cannot submit to is
 * refused with a message for the user before anything is written; and a folder that is not a results folder cannot
 * be resumed. Each implementation's test extends this, as the executors extend {@code StudyExecutorContract}.
 */
public abstract class StudyExecutionContract {

    @TempDir
    protected Path dir;

    /** The execution under test; {@code home} is a scratch home for whatever it needs. */
    protected abstract StudyExecution execution(Path home);

    /** The short quickstart the real-run view test uses (in-process reference engine, simulated energy). */
    protected Study study() throws Exception {
        Path yaml = Files.writeString(dir.resolve("study.yaml"), RealRunFromEditorViewTest.SHORT_QUICKSTART);
        return new StudyLoader().load(yaml);
    }

    @Test
    void an_interrupt_of_the_running_thread_is_a_cancelled_end_and_is_consumed() throws Exception {
        StudyExecution execution = execution(dir.resolve("home"));
        Study study = study();
        // as a cancel does: the run's own thread is interrupted once the study started
        StudyRunListener interrupting = new StudyRunListener() {
            @Override
            public void studyStarted(io.joulebench.core.study.StudyPlan plan) {
                Thread.currentThread().interrupt();
            }
        };
        RunEnd end;
        boolean stillInterrupted;
        try {
            end = execution.run(study, dir.resolve("results/run"), interrupting);
        } finally {
            stillInterrupted = Thread.interrupted();
        }
        assertThat(end.interrupted()).as("%s", end).isTrue();
        assertThat(stillInterrupted).as("the interrupt is consumed").isFalse();
    }

    @Test
    void an_interrupt_before_the_run_starts_is_a_cancelled_end_too() throws Exception {
        // a cancel that lands while the folder is being created, as when Escape follows Run at once
        StudyExecution execution = execution(dir.resolve("home"));
        Study study = study();
        Thread.currentThread().interrupt();
        RunEnd end;
        boolean stillInterrupted;
        try {
            end = execution.run(study, dir.resolve("results/early"), StudyRunListener.NONE);
        } finally {
            stillInterrupted = Thread.interrupted();
        }
        assertThat(end.interrupted()).as("%s", end).isTrue();
        assertThat(stillInterrupted).as("the interrupt is consumed").isFalse();
    }

    @Test
    void a_cluster_it_cannot_submit_to_is_refused_for_the_user_before_anything_is_written() throws Exception {
        StudyExecution execution = execution(dir.resolve("home"));
        Path out = dir.resolve("results/cluster-run");
        assertThatThrownBy(() -> execution.run(study(), out, ExecutorKind.SLURM, StudyRunListener.NONE))
                .isInstanceOf(UserMessageException.class).hasMessageContaining(ExecutorKind.SLURM.displayName());
        assertThat(out).doesNotExist();
    }

    @Test
    void a_folder_that_is_not_a_results_folder_is_not_resumed() throws Exception {
        StudyExecution execution = execution(dir.resolve("home"));
        Path notResults = Files.createDirectories(dir.resolve("just-a-folder"));
        assertThatThrownBy(() -> execution.resume(notResults, StudyRunListener.NONE))
                .isInstanceOf(Exception.class);
    }
}
