package io.joulebench.app.run;

import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.run.EventLog;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.run.TeeListener;
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
        ResultsFolder folder = ResultsFolder.createAt(outDir, plan, clock);
        try (EventLog events = new EventLog(folder.dir(), 0, clock)) { // so `joulebench watch` can follow it too
            return RunEnd.of(runner().continueIn(folder, plan, new TeeListener(listener, events)));
        }
    }

    @Override
    public RunEnd resume(Path resultsDir, StudyRunListener listener) throws Exception {
        int credited = (int) Manifest.read(resultsDir.resolve(Manifest.FILE_NAME)).entries().stream()
                .filter(ManifestEntry::credited).count();
        try (EventLog events = new EventLog(resultsDir, credited, clock)) {
            return RunEnd.of(runner().resume(resultsDir, null, new TeeListener(listener, events)));
        }
    }

    /** Orphans were reaped once when the workbench started; a run does not reap again. */
    private StudyRunner runner() {
        return new StudyRunner(sessions.get(), clock);
    }
}
