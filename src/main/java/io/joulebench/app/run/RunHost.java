package io.joulebench.app.run;

import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.study.Study;
import java.nio.file.Path;

/** What a run needs from the rest of the workbench: the study to run, and where its results land. */
public interface RunHost {

    /**
     * The editor's study, validated now.
     *
     * @throws IllegalStateException naming the problem when it is not valid
     */
    Study studyToRun();

    /** Where the editor says to run: this machine (the default) or the user's cluster profile. Read on the UI thread. */
    default ExecutorKind runOn() {
        return ExecutorKind.LOCAL;
    }

    /** The user's label for the next run (the editor's Label field; empty: none). Read on the UI thread. */
    default String runLabel() {
        return "";
    }

    /** A run ended and wrote {@code resultsFolder} (on the UI thread); the results view opens it. */
    void runFinished(Path resultsFolder, boolean interrupted);
}
