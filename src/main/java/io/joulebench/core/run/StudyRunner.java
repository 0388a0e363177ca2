package io.joulebench.core.run;

import io.joulebench.core.executor.ExecutionOutcome;
import io.joulebench.core.executor.GroupWork;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.ResumeSource;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyValidationException;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Predicate;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a study end to end: plans it, opens its results folder and hands the session groups (in dispatch order, minus
 * their credited cells) to a {@link StudyExecutor}: by default the {@link LocalExecutor}, which runs each on the
 * {@link SessionRunner} here with the experiment gap between groups and the cycle gap where the cycle changes. An
 * interrupt of the calling thread stops the study: the session credits what closed and throws, unfinished cells stay
 * pending/running, and the result says {@code interrupted} (the interrupt is consumed).
 * A tripped {@link CircuitBreaker} whose probe fails stops the study the same clean way, with its reason.
 */
public final class StudyRunner {

    private final StudyExecutor executor;
    private final Clock clock;

    /** Runs the groups here, one after another (the {@code local} executor). */
    public StudyRunner(SessionRunner sessions, Clock clock) {
        this(new LocalExecutor(sessions, clock), clock);
    }

    /** Runs the groups where {@code executor} puts them. */
    public StudyRunner(StudyExecutor executor, Clock clock) {
        this.executor = executor;
        this.clock = clock;
    }

    /** Runs a validated study into a new folder under {@code outDir}. */
    public StudyRunResult run(Study study, Path outDir, StudyRunListener listener) throws IOException {
        return run(StudyPlan.of(study), outDir, listener);
    }

    /** Runs a planned study into a new folder under {@code outDir} (the caller planned it once, to show it). */
    public StudyRunResult run(StudyPlan plan, Path outDir, StudyRunListener listener) throws IOException {
        // the plan's warnings are the caller's to show (the CLI prints them, the workbench's plan preview lists
        // them) and land in resolved.json: logging them too would say them twice
        return continueIn(ResultsFolder.create(outDir, plan, clock), plan, listener);
    }

    /**
     * Continues an interrupted or killed run in its own folder: reloads its {@code study.yaml} (or
     * {@code studyOverride}, needed when secrets were masked in the copy and the original has moved), re-plans,
     * refuses when the cells differ from {@code resolved.json}, reconciles the folder and runs what is not credited.
     */
    public StudyRunResult resume(Path resultsDir, Path studyOverride, StudyRunListener listener)
            throws IOException, StudyValidationException {
        StudyPlan plan = ResumeSource.plan(resultsDir, studyOverride);
        return continueIn(ResultsFolder.open(resultsDir, plan, clock), plan, listener);
    }

    /** Runs every group of {@code plan} that still has uncredited cells, into {@code folder}. */
    public StudyRunResult continueIn(ResultsFolder folder, StudyPlan plan, StudyRunListener listener)
            throws IOException {
        return continueIn(folder, plan, cell -> true, listener);
    }

    /**
     * The same for the cells {@code include} accepts (the Slurm worker runs its own group's cells only): hands the
     * groups with uncredited cells, in dispatch order, to the executor.
     */
    public StudyRunResult continueIn(ResultsFolder folder, StudyPlan plan, Predicate<ResolvedCell> include,
                                     StudyRunListener listener) throws IOException {
        listener.studyStarted(plan);
        List<GroupWork> work = new ArrayList<>();
        for (int g = 0; g < plan.groups().size(); g++) {
            List<ResolvedCell> todo = new ArrayList<>();
            for (int i : plan.groups().get(g).cellIndices()) {
                ResolvedCell cell = plan.cells().get(i);
                if (include.test(cell) && !folder.entry(cell).credited()) {
                    todo.add(cell);
                }
            }
            if (!todo.isEmpty()) {
                work.add(new GroupWork(g, todo));
            }
        }
        ExecutionOutcome outcome = executor.execute(plan, work, folder, listener);
        folder.finish();
        listener.studyFinished(outcome.interrupted());
        return StudyRunResult.of(folder, outcome.interrupted(), outcome.abortReason());
    }
}
