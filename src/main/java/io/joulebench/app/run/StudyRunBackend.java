package io.joulebench.app.run;

import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.RunBackend;
import io.joulebench.core.server.HostEnvironment;
import java.nio.file.Path;

/** The real run backend: a {@link StudyRunLiveFeed} fed by a {@link StudyRunController} over a {@link StudyExecution}. */
public final class StudyRunBackend {

    private StudyRunBackend() {
    }

    /** @param resultsRoot where each run's results folder is created */
    public static RunBackendFactory factory(StudyExecution execution, Path resultsRoot, ErrorReporter errors) {
        return factory(execution, resultsRoot, errors, new FxUiExecutor());
    }

    /** @param ui the workbench's hop to the FX thread, which drives the run service */
    public static RunBackendFactory factory(StudyExecution execution, Path resultsRoot, ErrorReporter errors,
            UiExecutor ui) {
        return (host, background) -> {
            StudyRunLiveFeed feed = new StudyRunLiveFeed();
            return new RunBackend(feed, new StudyRunController(execution, feed, host, resultsRoot, errors,
                    background, ui));
        };
    }

    /** {@code ~/joulebench-results}, where the workbench writes runs by default. */
    public static Path defaultResultsRoot(HostEnvironment host) {
        return host.home().resolve("joulebench-results");
    }
}
