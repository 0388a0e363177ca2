package io.joulebench.app.run;

import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.server.Reaper;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Supplier;

/** The workbench's {@link StudyExecution}: the same study runner, sessions and results folder as the CLI. */
public final class CoreStudyExecution implements StudyExecution {

    private final Supplier<SessionRunner> sessions;

    public CoreStudyExecution(Supplier<SessionRunner> sessions) {
        this.sessions = sessions;
    }

    @Override
    public void run(Study study, Path outDir, StudyRunListener listener) throws Exception {
        StudyPlan plan = StudyPlan.of(study);
        finish(runner().continueIn(ResultsFolder.createAt(outDir, plan, Instant.now()), plan, listener));
    }

    @Override
    public void resume(Path resultsDir, StudyRunListener listener) throws Exception {
        finish(runner().resume(resultsDir, null, listener));
    }

    private StudyRunner runner() {
        Reaper.reapAtStartup();
        return new StudyRunner(sessions.get(), Clock.system());
    }

    /**
     * The runner reports an interrupt (and a circuit-breaker stop) in its result; the controller expects the Java
     * convention: an InterruptedException, or a failure whose message is the reason.
     */
    private static void finish(StudyRunResult result) throws InterruptedException {
        if (result.interrupted()) {
            throw new InterruptedException("study run interrupted; levels that closed are credited");
        }
        if (result.aborted()) {
            throw new IllegalStateException(result.abortReason());
        }
    }
}
