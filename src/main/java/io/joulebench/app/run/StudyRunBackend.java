package io.joulebench.app.run;

import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.live.RunBackend;
import io.joulebench.core.server.HostEnvironment;
import java.nio.file.Path;

/** The real run backend: a {@link StudyRunLiveFeed} fed by a {@link StudyRunController} over a {@link StudyExecution}. */
public final class StudyRunBackend {

    private StudyRunBackend() {
    }

    /** @param resultsRoot where each run's results folder is created */
    public static RunBackendFactory factory(StudyExecution execution, Path resultsRoot, ErrorReporter errors) {
        return (host, background) -> {
            StudyRunLiveFeed feed = new StudyRunLiveFeed();
            return new RunBackend(feed, new StudyRunController(execution, feed, host, resultsRoot, errors,
                    background));
        };
    }

    /** {@code ~/joulebench-results}, where the workbench writes runs by default. */
    public static Path defaultResultsRoot(HostEnvironment host) {
        return host.home().resolve("joulebench-results");
    }
}
