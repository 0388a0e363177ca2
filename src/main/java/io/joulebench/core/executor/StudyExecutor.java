package io.joulebench.core.executor;

import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyPlan;
import java.io.IOException;
import java.util.List;

/**
 * The seam of where a study's session groups run. The study runner plans, opens the results folder and works out
 * which groups still have uncredited cells; the executor runs them and leaves every one of those cells credited,
 * failed with a reason, or (interrupted) pending/running for resume. It never changes what a group is: each group is
 * one server lifetime run by the local session code, wherever that runs.
 * <p>
 * Implementations: the local executor ({@code io.joulebench.core.run.LocalExecutor}: in this process, in dispatch
 * order) and {@link io.joulebench.core.executor.slurm.SlurmExecutor} (each group a batch job whose own results
 * folder the coordinator merges). A Kubernetes executor would be a third (docs/decisions/0011).
 */
public interface StudyExecutor {

    ExecutorKind kind();

    /**
     * Runs {@code work} (in dispatch order) into {@code folder}. An interrupt of the calling thread stops it: what
     * closed is credited, the rest is left for resume, and the outcome says {@code interrupted} (the interrupt is
     * consumed).
     */
    ExecutionOutcome execute(StudyPlan plan, List<GroupWork> work, ResultsFolder folder, StudyRunListener listener)
            throws IOException;
}
