package io.joulebench.app.run;

import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.RunController;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.study.Study;
import io.joulebench.core.executor.ExecutorKind;
import io.joulebench.core.run.TeeListener;
import io.joulebench.core.session.StudyRunListener;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javafx.concurrent.Service;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the editor's study (or resumes a results folder) through a {@link StudyExecution} in one background
 * {@link Service}, restarted for each run or resume, reporting into a {@link StudyRunLiveFeed} (which the live view
 * polls). Cancel interrupts the run's thread: the core credits the levels that closed, tears the server down and
 * returns a cancelled {@link RunEnd}; only then does the service's task end, so {@link #awaitIdle} really waits for
 * the teardown. A run the circuit breaker stopped is reported like a failure, with its reason. Call the
 * actions from the UI thread (a {@link Service} is driven from there); {@link #awaitIdle} from any thread.
 */
public final class StudyRunController implements RunController {

    private static final Logger LOG = LoggerFactory.getLogger(StudyRunController.class);

    /** What a run left behind, and how it ended. */
    record Outcome(Path folder, RunEnd end) {
    }

    private interface Job {
        RunEnd run(StudyRunLiveFeed feed) throws Exception;
    }

    /** What the next start of the service runs. */
    private record Launch(String name, Path folder, Job job, CountDownLatch done) {
    }

    private final StudyExecution execution;
    private final StudyRunLiveFeed feed;
    private final RunHost host;
    private final Path resultsRoot;
    private final ErrorReporter errors;
    private final UiExecutor ui;
    private final RunService service = new RunService();
    private volatile Thread worker;
    private volatile boolean started;
    private volatile CountDownLatch idle = new CountDownLatch(0);
    private volatile Consumer<Path> followCluster = folder -> { };

    /**
     * @param resultsRoot where each new run's results folder is created
     * @param executor    runs the service's tasks on a background thread
     */
    public StudyRunController(StudyExecution execution, StudyRunLiveFeed feed, RunHost host, Path resultsRoot,
            ErrorReporter errors, Executor executor) {
        this(execution, feed, host, resultsRoot, errors, executor, new FxUiExecutor());
    }

    /** @param ui the hop to the thread that drives the service (the FX thread); every UI hop goes through it */
    public StudyRunController(StudyExecution execution, StudyRunLiveFeed feed, RunHost host, Path resultsRoot,
            ErrorReporter errors, Executor executor, UiExecutor ui) {
        this.ui = ui;
        this.execution = execution;
        this.feed = feed;
        this.host = host;
        this.resultsRoot = resultsRoot;
        this.errors = errors;
        service.setExecutor(executor);
        service.setOnSucceeded(e -> finished(service.launch, service.getValue()));
        service.setOnFailed(e -> failed(service.launch, ErrorMessages.describe(service.getException()),
                service.getException()));
    }

    @Override
    public boolean available() {
        return true;
    }

    /** Validates the editor's study and runs it into a new folder under the results root. */
    @Override
    public void start() {
        Study study = host.studyToRun();
        ExecutorKind where = host.runOn();
        Path folder = ResultsFolder.newFolderPath(resultsRoot, study.studyName(),
                io.joulebench.core.time.Clock.system().wallTime());
        String label = java.util.Objects.toString(host.runLabel(), "");
        if (where == ExecutorKind.LOCAL) {
            launch(study.studyName(), folder, f -> label.isBlank() ? execution.run(study, folder, f)
                    : execution.run(study, folder, label, f));
            return;
        }
        // the sessions run on the nodes: the live view follows the folder, from the moment it exists
        Consumer<Path> follow = followCluster;
        StudyRunListener followIt = new StudyRunListener() {
            @Override
            public void studyStarted(io.joulebench.core.study.StudyPlan plan) {
                follow.accept(folder);
            }
        };
        launch(study.studyName(), folder, f -> execution.run(study, folder, where, new TeeListener(f, followIt)));
    }

    /** How a run of this workbench on a cluster is shown: by following its folder (the default shows nothing). */
    public void followClusterRunsWith(Consumer<Path> follow) {
        this.followCluster = follow;
    }

    @Override
    public void resume(Path resultsFolder) {
        Path name = resultsFolder.getFileName();
        launch(name == null ? resultsFolder.toString() : name.toString(), resultsFolder,
                f -> {
                    f.resuming(creditedCells(resultsFolder), creditedRows(resultsFolder));
                    return execution.resume(resultsFolder, f);
                });
    }

    /** The manifest's cells (on the run's thread); none when it cannot be read, which the resume then reports. */
    private static java.util.List<ManifestEntry> creditedCells(Path resultsFolder) {
        try {
            return Manifest.read(resultsFolder.resolve(Manifest.FILE_NAME)).entries();
        } catch (java.io.IOException | RuntimeException e) {
            LOG.debug("manifest of {} not read for the live view", resultsFolder, e);
            return java.util.List.of();
        }
    }

    /** The folder's windows (on the run's thread), for the credited levels' figures; none when unreadable. */
    private static java.util.List<io.joulebench.core.results.WindowRow> creditedRows(Path resultsFolder) {
        try {
            return io.joulebench.core.results.WindowsCsvTable.readFolder(resultsFolder).rows();
        } catch (java.io.IOException | RuntimeException e) {
            LOG.debug("windows of {} not read for the live view", resultsFolder, e);
            return java.util.List.of();
        }
    }

    private void launch(String name, Path folder, Job job) {
        if (running()) {
            throw new IllegalStateException("a study is already running; cancel it first");
        }
        feed.starting(name);
        CountDownLatch done = new CountDownLatch(1);
        idle = done;
        started = false;
        service.launch = new Launch(name, folder, job, done);
        service.restart();
    }

    /** The one service every run and resume goes through, restarted each time. */
    private final class RunService extends Service<Outcome> {

        private Launch launch;

        @Override
        protected Task<Outcome> createTask() {
            Launch l = launch;
            return new Task<>() {
                @Override
                protected Outcome call() throws Exception {
                    worker = Thread.currentThread();
                    started = true;
                    try {
                        RunEnd end = l.job().run(feed);
                        // The core reported the end (a cancel too) before returning; ended() closes the feed
                        // only when nothing did
                        feed.ended(end.interrupted());
                        return new Outcome(l.folder(), end);
                    } finally {
                        worker = null;
                        Thread.interrupted();
                        l.done().countDown();
                    }
                }
            };
        }
    }

    private void finished(Launch launch, Outcome outcome) {
        if (outcome.end().aborted()) {
            failed(launch, outcome.end().abortReason(), null);
        } else if (java.nio.file.Files.isDirectory(outcome.folder())) {
            host.runFinished(outcome.folder(), outcome.end().interrupted());
        }
    }

    /** @param cause the exception, null when the run returned an abort (the error reporter logs the message) */
    private void failed(Launch launch, String why, Throwable cause) {
        feed.failed();
        if (cause != null) {
            LOG.error("Study run of {} failed", launch.name(), cause);
        }
        errors.report("The study run failed: " + why
                + ". Levels that finished are kept in " + launch.folder() + ".", cause);
    }

    /** Interrupts the run; the service's task ends once the core has cleaned up. */
    @Override
    public void cancel() {
        feed.cancelling();
        Thread t = worker;
        if (t != null) {
            t.interrupt();
        } else {
            // The service is driven from the UI thread (a close at exit may come from elsewhere).
            ui.execute(this::cancelService);
        }
    }

    private void cancelService() {
        Thread t = worker;
        if (t != null) {
            t.interrupt();
        } else if (service.isRunning() && service.cancel() && !started) {
            // Cancelled before it began: nothing ran, nothing to tear down.
            feed.ended(true);
            idle.countDown();
        }
    }

    /** Whether a run is under way (its teardown included). */
    @Override
    public boolean running() {
        return idle.getCount() > 0;
    }

    /** The state of the run service (READY before the first run); for the UI thread. */
    public Worker.State serviceState() {
        return service.getState();
    }

    /** Waits up to {@code timeout} for a run (and its teardown) to end; true when nothing is running any more. */
    @Override
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return idle.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
