package io.joulebench.app.run;

import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;
import java.util.function.Supplier;

/** The workbench's {@link StudyExecution}: the same study runner, sessions and results folder as the CLI. */
public final class CoreStudyExecution implements StudyExecution {

    private final Supplier<SessionRunner> sessions;
    private final Clock clock;

    /** @param clock the run's clock (monotonic and wall time); the system clock in the workbench */
    public CoreStudyExecution(Supplier<SessionRunner> sessions, Clock clock) {
        this.sessions = sessions;
        this.clock = clock;
    }

    @Override
    public RunEnd run(Study study, Path outDir, StudyRunListener listener) throws Exception {
        StudyPlan plan = StudyPlan.of(study);
        return RunEnd.of(runner().continueIn(ResultsFolder.createAt(outDir, plan, clock), plan, listener));
    }

    @Override
    public RunEnd resume(Path resultsDir, StudyRunListener listener) throws Exception {
        return RunEnd.of(runner().resume(resultsDir, null, listener));
    }

    /** Orphans were reaped once when the workbench started; a run does not reap again. */
    private StudyRunner runner() {
        return new StudyRunner(sessions.get(), clock);
    }
}
