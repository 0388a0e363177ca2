package io.joulebench.app.run;

import io.joulebench.app.results.Fixtures;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link StudyExecution} that replays {@link ScriptedRun} for the study, sleeping between windows (interruptible,
 * as a real run is) and writing the quickstart results fixture as its results folder.
 */
public final class ScriptedStudyExecution implements StudyExecution {

    private final long pauseMillis;
    public final AtomicLong clock = new AtomicLong(System.nanoTime());

    public ScriptedStudyExecution(long pauseMillis) {
        this.pauseMillis = pauseMillis;
    }

    @Override
    public RunEnd run(Study study, Path outDir, StudyRunListener listener) throws Exception {
        Files.createDirectories(outDir.getParent());
        Fixtures.copyTo(outDir.getParent(), outDir.getFileName().toString());
        return replay(StudyPlan.of(study), listener);
    }

    @Override
    public RunEnd resume(Path resultsDir, StudyRunListener listener) {
        throw new UnsupportedOperationException("the scripted execution does not resume");
    }

    private RunEnd replay(StudyPlan plan, StudyRunListener listener) {
        try {
            new ScriptedRun(plan, listener, clock, () -> Thread.sleep(pauseMillis)).play();
            return RunEnd.finished();
        } catch (InterruptedException e) {
            // As the core does: what closed stays credited, the study ends interrupted, the result says so.
            listener.studyFinished(true);
            return RunEnd.cancelled();
        }
    }
}
