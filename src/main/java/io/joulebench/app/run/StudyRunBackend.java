package io.joulebench.app.run;

import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.RunBackend;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.executor.slurm.CommandRunner;
import io.joulebench.core.executor.slurm.SlurmCli;
import io.joulebench.app.fx.PollScheduler;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real run backend: a {@link StudyRunLiveFeed} fed by a {@link StudyRunController} over a {@link StudyExecution},
 * behind {@link FollowingRuns}, which also follows results folders (other processes' runs, and this workbench's own
 * cluster runs).
 */
public final class StudyRunBackend {

    private static final Logger LOG = LoggerFactory.getLogger(StudyRunBackend.class);

    private StudyRunBackend() {
    }

    /** @param resultsRoot where each run's results folder is created */
    public static RunBackendFactory factory(StudyExecution execution, Path resultsRoot, ErrorReporter errors) {
        return factory(execution, resultsRoot, errors, new FxUiExecutor());
    }

    /** @param ui the workbench's hop to the FX thread, which drives the run service */
    public static RunBackendFactory factory(StudyExecution execution, Path resultsRoot, ErrorReporter errors,
            UiExecutor ui) {
        return new RunBackendFactory() {
            @Override
            public RunBackend create(RunHost host, Executor background) {
                // without a poll schedule of the workbench's: one of its own, on a daemon thread
                return create(host, background, new io.joulebench.app.fx.ExecutorPollScheduler());
            }

            @Override
            public RunBackend create(RunHost host, Executor background, PollScheduler poller) {
                return backend(execution, resultsRoot, errors, ui, host, background, poller);
            }
        };
    }

    private static RunBackend backend(StudyExecution execution, Path resultsRoot, ErrorReporter errors, UiExecutor ui,
            RunHost host, Executor background, PollScheduler poller) {
        {
            StudyRunLiveFeed feed = new StudyRunLiveFeed();
            StudyRunController controller = new StudyRunController(execution, feed, host, resultsRoot, errors,
                    background, ui);
            FollowingRuns runs = new FollowingRuns(new RunBackend(feed, controller), background, poller,
                    new SlurmCli(CommandRunner.local())::cancel, new FollowingRuns.Reporter() {
                        @Override
                        public void cancelled(String what) {
                            LOG.info("Cancelling a followed run: {}", what);
                        }

                        @Override
                        public void failed(String what, Exception cause) {
                            errors.report(what, cause);
                        }
                    }, () -> {
                        java.time.Instant now = io.joulebench.core.time.Clock.system().wallTime();
                        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
                    });
            controller.followClusterRunsWith(runs::followOwn);
            return runs.backend();
        }
    }

    /** {@code ~/joulebench-results}, where the workbench writes runs by default. */
    public static Path defaultResultsRoot(HostEnvironment host) {
        return host.home().resolve("joulebench-results");
    }
}
