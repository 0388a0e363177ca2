package io.joulebench.core.run;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.ResumeSource;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ExecutionConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.SessionGroup;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyValidationException;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a study end to end: plans it, opens its results folder and hands each session group (in dispatch order, minus
 * its credited cells) to the {@link SessionRunner}, with the experiment gap between groups and the cycle gap where
 * the cycle changes. An interrupt of the calling thread stops the study: the session credits what closed and
 * throws, unfinished cells stay pending/running, and the result says {@code interrupted} (the interrupt is consumed).
 * A tripped {@link CircuitBreaker} whose probe fails stops the study the same clean way, with its reason.
 */
public final class StudyRunner {

    private static final Logger LOG = LoggerFactory.getLogger(StudyRunner.class);

    private final SessionRunner sessions;
    private final Clock clock;

    public StudyRunner(SessionRunner sessions, Clock clock) {
        this.sessions = sessions;
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
        listener.studyStarted(plan);
        boolean interrupted = false;
        Integer lastCycle = null;
        CircuitBreaker breaker = new CircuitBreaker(plan.study().execution(), clock);
        for (SessionGroup group : plan.groups()) {
            List<ResolvedCell> todo = new ArrayList<>();
            for (int i : group.cellIndices()) {
                ResolvedCell cell = plan.cells().get(i);
                if (!folder.entry(cell).credited()) {
                    todo.add(cell);
                }
            }
            if (todo.isEmpty()) {
                continue;
            }
            try {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                if (lastCycle != null) {
                    gap(plan.study().execution(), lastCycle != todo.get(0).cycle());
                }
                lastCycle = todo.get(0).cycle();
                breaker.beforeGroup();
                sessions.runGroup(plan, todo, folder, listener);
            } catch (InterruptedException e) {
                interrupted = true;
                markInterrupted(folder, todo);
                break;
            } catch (RuntimeException e) {
                LOG.error("session group {} failed", plan.groups().indexOf(group), e);
                for (ResolvedCell cell : todo) {
                    folder.cellFailed(cell, e.getClass().getSimpleName(), messageOf(e));
                }
            }
            for (ResolvedCell cell : todo) {
                CellStatus s = folder.entry(cell).status();
                if (s == CellStatus.PENDING || s == CellStatus.RUNNING) {
                    folder.cellFailed(cell, "NoResult", "the session ended without a result for this cell");
                }
            }
            if (!breaker.afterGroup(todo.stream().map(folder::entry).toList())) {
                LOG.error("{}", breaker.abortReason());
                break;
            }
        }
        folder.finish();
        listener.studyFinished(interrupted);
        return StudyRunResult.of(folder, interrupted, breaker.abortReason());
    }

    private void gap(ExecutionConfig execution, boolean newCycle) throws InterruptedException {
        double seconds = newCycle ? execution.cycleGapSeconds() : execution.experimentGapSeconds();
        if (seconds > 0) {
            clock.sleep(Duration.ofNanos(Math.round(seconds * 1e9)));
        }
    }

    /** A running cell keeps {@code running} with the reason; unreached cells stay pending. */
    private static void markInterrupted(ResultsFolder folder, List<ResolvedCell> cells) throws IOException {
        for (ResolvedCell cell : cells) {
            ManifestEntry e = folder.entry(cell);
            if (e.status() == CellStatus.RUNNING && e.reason() == null) {
                folder.levelInterrupted(cell);
            }
        }
    }

    private static String messageOf(Throwable e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
    }
}
