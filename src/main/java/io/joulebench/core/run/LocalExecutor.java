package io.joulebench.core.run;

import io.joulebench.core.executor.ExecutionOutcome;
import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.executor.GroupWork;
import io.joulebench.core.executor.StudyExecutor;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ExecutionConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code local} executor: hands each group to the {@link SessionRunner} in this process, in dispatch order, with
 * the experiment gap between groups and the cycle gap where the cycle changes, and the {@link CircuitBreaker}
 * between them. The Slurm worker runs its one group through this same executor, so a group on a node runs exactly
 * as it would here.
 */
public final class LocalExecutor implements StudyExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(LocalExecutor.class);

    private final SessionRunner sessions;
    private final Clock clock;

    public LocalExecutor(SessionRunner sessions, Clock clock) {
        this.sessions = sessions;
        this.clock = clock;
    }

    @Override
    public ExecutorKind kind() {
        return ExecutorKind.LOCAL;
    }

    @Override
    public ExecutionOutcome execute(StudyPlan plan, List<GroupWork> work, ResultsFolder folder,
                                    StudyRunListener listener) throws IOException {
        boolean interrupted = false;
        Integer lastCycle = null;
        CircuitBreaker breaker = new CircuitBreaker(plan.study().execution(), clock);
        for (GroupWork group : work) {
            List<ResolvedCell> todo = group.cells();
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
                LOG.error("session group {} failed", group.groupIndex(), e);
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
        return new ExecutionOutcome(interrupted, breaker.abortReason());
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
