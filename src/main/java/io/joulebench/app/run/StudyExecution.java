package io.joulebench.app.run;

import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import java.nio.file.Path;

/**
 * The seam between the workbench and the study runner: runs a validated study, or continues an interrupted results
 * folder, on the calling (background) thread, reporting to the listener as the CLI's {@code run} and {@code resume}
 * do. The integrator implements it over the core's study runner; {@link #unavailable()} stands in until then.
 */
public interface StudyExecution {

    /**
     * Runs every cell of {@code study}, writing the results folder {@code outDir} (created by the runner).
     *
     * @throws InterruptedException when the thread was interrupted: levels that closed are credited, servers are
     *                              torn down and meters closed before this is thrown
     * @throws Exception            when the run failed; the message names the cause for the user
     */
    void run(Study study, Path outDir, StudyRunListener listener) throws Exception;

    /** Continues an interrupted results folder in place; same interrupt and failure semantics as {@link #run}. */
    void resume(Path resultsDir, StudyRunListener listener) throws Exception;

    /** No runner wired in: every call fails with a message saying so. */
    static StudyExecution unavailable() {
        return new StudyExecution() {
            @Override
            public void run(Study study, Path outDir, StudyRunListener listener) {
                throw new UnsupportedOperationException("the study runner is not available in this build");
            }

            @Override
            public void resume(Path resultsDir, StudyRunListener listener) {
                throw new UnsupportedOperationException("the study runner is not available in this build");
            }
        };
    }
}
