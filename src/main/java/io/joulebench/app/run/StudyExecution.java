package io.joulebench.app.run;

import io.joulebench.core.executor.ExecutorKind;
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
     * @return how it ended; an interrupt of the thread is a {@link RunEnd#cancelled()} end, returned once levels
     *         that closed are credited, servers torn down and meters closed (the interrupt is consumed)
     * @throws Exception when the run failed; the message names the cause for the user
     */
    RunEnd run(Study study, Path outDir, StudyRunListener listener) throws Exception;

    /**
     * As {@link #run(Study, Path, StudyRunListener)}, naming the run {@code runLabel} in its manifest (as
     * {@code run --label}); this default ignores the label.
     */
    default RunEnd run(Study study, Path outDir, String runLabel, StudyRunListener listener) throws Exception {
        return run(study, outDir, listener);
    }

    /**
     * Runs {@code study} where {@code where} says; only {@link ExecutorKind#LOCAL} unless the implementation can
     * submit to a cluster.
     */
    default RunEnd run(Study study, Path outDir, ExecutorKind where, StudyRunListener listener) throws Exception {
        if (where != ExecutorKind.LOCAL) {
            throw new io.joulebench.app.fx.UserMessageException("running on " + where.displayName()
                    + " is not available in this workbench");
        }
        return run(study, outDir, listener);
    }

    /** Continues an interrupted results folder in place; same ends and failures as {@link #run}. */
    RunEnd resume(Path resultsDir, StudyRunListener listener) throws Exception;

    /** No runner wired in: every call fails with a message saying so. */
    static StudyExecution unavailable() {
        return new StudyExecution() {
            @Override
            public RunEnd run(Study study, Path outDir, StudyRunListener listener) {
                throw new UnsupportedOperationException("the study runner is not available in this build");
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener listener) {
                throw new UnsupportedOperationException("the study runner is not available in this build");
            }
        };
    }
}
