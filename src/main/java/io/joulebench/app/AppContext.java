package io.joulebench.app;

import io.joulebench.app.editor.EditorView;
import io.joulebench.app.editor.EditorViewModel;
import io.joulebench.app.fx.BoundedFolderOpener;
import io.joulebench.app.fx.Confirmer;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.ExecutorPollScheduler;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.FolderOpener;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.LiveView;
import io.joulebench.app.live.LiveViewModel;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.live.RunState;
import io.joulebench.app.prefs.WindowBounds;
import io.joulebench.app.prefs.WorkbenchPreferences;
import io.joulebench.app.results.ResultsView;
import io.joulebench.app.results.ResultsViewModel;
import io.joulebench.app.results.compare.CompareView;
import io.joulebench.app.results.compare.CompareViewModel;
import io.joulebench.app.results.TaskExportRunner;
import io.joulebench.app.shell.Area;
import io.joulebench.app.shell.ShellView;
import io.joulebench.app.shell.ShellViewModel;
import io.joulebench.app.fx.FxDebouncer;
import io.joulebench.app.run.RunBackendFactory;
import io.joulebench.app.run.RunHost;
import io.joulebench.core.study.Study;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * The composition root: builds the executors, view models and views and wires them explicitly. Everything that
 * reaches outside the workbench (preferences, the run backend, dialogs, the desktop) comes in as a constructor
 * argument, so tests and the dev launcher wire their own.
 */
public final class AppContext implements AutoCloseable {

    /** The outside world the workbench talks to; {@code backend} is built once the editor and results exist. */
    public record Services(WorkbenchPreferences preferences, RunBackendFactory backend, FolderOpener folderOpener,
            ErrorReporter errors, Confirmer confirmer, FileDialogs dialogs, UiExecutor ui) {

        /** Services with a ready-made backend that needs nothing from the workbench. */
        public Services(WorkbenchPreferences preferences, RunBackend backend, FolderOpener folderOpener,
                ErrorReporter errors, Confirmer confirmer, FileDialogs dialogs, UiExecutor ui) {
            this(preferences, RunBackendFactory.of(backend), folderOpener, errors, confirmer, dialogs, ui);
        }
    }

    /** How long closing the window waits for a cancelled run to tear its server down. */
    static final Duration TEARDOWN_WAIT = Duration.ofSeconds(60);

    private static final Logger LOG = LoggerFactory.getLogger(AppContext.class);
    static final int[] ICON_SIZES = {16, 24, 32, 48, 64, 128, 256, 512};

    private final Services services;
    private final ExecutorPollScheduler poller = new ExecutorPollScheduler();
    private final ExecutorService backgroundPool = Executors.newCachedThreadPool(daemon("joulebench-task"));
    /** Background work for every view model; work that arrives after close (a run's last event) is dropped. */
    private final java.util.concurrent.Executor background = this::backgroundWork;
    /** The editor's validation, plan preview and file reads and writes, one at a time and in order. */
    private final ExecutorService editorWork = Executors.newSingleThreadExecutor(daemon("joulebench-editor"));
    private final ShellViewModel shell;
    private final RunBackend backend;
    private final Scene scene;
    private volatile boolean closingAfterRun;

    public AppContext(Services services) {
        this.services = services;
        EditorViewModel editor = new EditorViewModel(services.preferences(), services.errors(),
                new FxDebouncer(Duration.ofMillis(300)), services.confirmer(), services.dialogs(), this::editorWork,
                services.ui());
        ResultsViewModel results = new ResultsViewModel(services.preferences(), services.errors(),
                new BoundedFolderOpener(services.folderOpener(), background, services.ui(),
                        services.folderOpener().answerWithin()), new TaskExportRunner(background), background,
                services.ui());
        AtomicReference<ShellViewModel> shellRef = new AtomicReference<>();
        // Resume opens its chooser at the run that just ended (cancelled, most likely), not at the chooser's last.
        AtomicReference<Path> lastRunFolder = new AtomicReference<>();
        backend = services.backend().create(new RunHost() {
            @Override
            public Study studyToRun() {
                return editor.studyToRun();
            }

            @Override
            public io.joulebench.core.executor.ExecutorKind runOn() {
                return editor.runOnProperty().get();
            }

            @Override
            public String runLabel() {
                return editor.runLabelProperty().get();
            }

            @Override
            public void runFinished(Path resultsFolder, boolean interrupted) {
                lastRunFolder.set(resultsFolder);
                if (Files.isRegularFile(resultsFolder.resolve("windows.csv")) && results.open(resultsFolder)
                        && !interrupted) {
                    shellRef.get().areaProperty().set(Area.RESULTS);
                }
            }
        }, background, poller);
        LiveViewModel live = new LiveViewModel(backend, services.ui(), poller, services.confirmer(),
                services.errors(), LiveViewModel.DEFAULT_HZ);
        live.blockRunWhile(editor.runBlockedReasonProperty());
        shell = new ShellViewModel(editor, live, results);
        shellRef.set(shell);
        // every chart's "Save as PNG…": the file chosen here, written off the FX thread
        ChartImages.Saver images = ChartImages.Saver.onExecutor(services.dialogs(), background, services.errors());
        LiveView liveView = new LiveView(live, () -> services.dialogs()
                .chooseFolder("Resume an interrupted results folder", lastRunFolder.get())
                .map(java.nio.file.Path::toFile).orElse(null), () -> services.dialogs()
                .chooseFolder("Follow a results folder", lastRunFolder.get())
                .map(java.nio.file.Path::toFile).orElse(null), results.recent(), images);
        ResultsView resultsView = new ResultsView(results, services.dialogs(), images);
        resultsView.tabs().getTabs().add(CompareView.tab(new CompareViewModel(results.studies(), background,
                services.ui(), services.errors(), io.joulebench.core.time.Clock.system()), services.dialogs()));
        resultsView.tabs().getTabs().add(3, io.joulebench.app.results.energy.EnergyBreakdownView.tab(
                new io.joulebench.app.results.energy.EnergyBreakdownViewModel(results, background, services.ui(),
                        io.joulebench.app.results.energy.DeviceTable::read)));
        ShellView shellView = new ShellView(shell, services.dialogs(), Map.of(
                Area.EDITOR, new EditorView(editor, services.dialogs(), new EditorView.RunAction(
                        live.canRunProperty(), live.runOffReasonProperty(), shell::run,
                        () -> io.joulebench.app.editor.ClusterProfileView.show(
                                new io.joulebench.app.editor.ClusterProfileViewModel(editor.clusterProfileFile(),
                                        background, services.ui()), this.ownerWindow(),
                                editor::clusterProfileChanged)), images).node(),
                Area.LIVE, liveView.node(),
                Area.RESULTS, resultsView.node()));
        shellView.setMenuBar(io.joulebench.app.shell.HelpMenu.bar(io.joulebench.app.shell.HelpMenu.findDocs(),
                new BoundedFolderOpener(services.folderOpener(), background, services.ui(),
                        services.folderOpener().answerWithin()), services.errors(), this::ownerWindow));
        scene = new Scene(shellView.node());
        scene.getStylesheets().add(Objects.requireNonNull(
                AppContext.class.getResource("/io/joulebench/app/workbench.css")).toExternalForm());
        shellView.installShortcuts(scene);
        live.startPolling();
    }

    /** Puts the workbench into the stage: title, icons, last bounds, close handling; then shows it. */
    public void show(Stage stage) {
        stage.titleProperty().bind(shell.titleProperty());
        java.util.List<Image> icons = new java.util.ArrayList<>();
        for (int size : ICON_SIZES) {
            icons.add(new Image(Objects.requireNonNull(AppContext.class.getResourceAsStream(
                    "/io/joulebench/app/icons/joulebench-" + size + ".png"))));
        }
        stage.getIcons().setAll(icons);
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        WindowBounds bounds = services.preferences().windowBounds()
                .fitInto(screen.getMinX(), screen.getMinY(), screen.getWidth(), screen.getHeight());
        stage.setWidth(bounds.width());
        stage.setHeight(bounds.height());
        if (bounds.hasPosition()) {
            stage.setX(bounds.x());
            stage.setY(bounds.y());
        }
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> closeRequested(stage, e));
        stage.show();
        // The minimum size is set once the window is up: set before, GTK hands it to a window manager (openbox)
        // as the initial size hint and the window opened at 898x575 whatever size was saved. The size is then
        // applied again for the same reason.
        stage.setMinWidth(Math.min(WindowBounds.MIN_WIDTH, screen.getWidth()));
        stage.setMinHeight(Math.min(WindowBounds.MIN_HEIGHT, screen.getHeight()));
        stage.setWidth(bounds.width());
        stage.setHeight(bounds.height());
        LOG.info("Workbench window shown: {}", stage.getTitle());
    }

    /**
     * The user asked to close the window. The bounds are saved now, whatever happens next. A run in progress is
     * cancelled after asking (one already cancelling is not asked about again); unsaved edits are then saved,
     * discarded or the close cancelled, as the user answers; the window closes once the run's server is torn
     * down, and the live view says so meanwhile (a repeated request only repeats that).
     */
    void closeRequested(Stage stage, WindowEvent e) {
        saveBounds(stage);
        LiveViewModel live = shell.live();
        RunState state = live.stateProperty().get();
        if (closingAfterRun) {
            if (backend.controller().running()) {
                e.consume();
                showClosingNotice();
            }
            return;
        }
        if (!state.active()) {
            if (!shell.editor().settleUnsaved("closing the window")) {
                e.consume();
            }
            return;
        }
        e.consume();
        if ((state == RunState.CANCELLING || shell.cancelRun()) && shell.editor().settleUnsaved("closing the window")) {
            closeAfterTeardown(stage);
        }
    }

    private void saveBounds(Stage stage) {
        services.preferences().saveWindowBounds(
                new WindowBounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()));
    }

    private void showClosingNotice() {
        shell.areaProperty().set(Area.LIVE);
        shell.live().showNotice("Closing once the run has stopped and its server is down…");
    }

    private void closeAfterTeardown(Stage stage) {
        closingAfterRun = true;
        showClosingNotice();
        background.execute(() -> {
            try {
                if (!backend.controller().awaitIdle(TEARDOWN_WAIT)) {
                    LOG.warn("The cancelled run did not finish its teardown within {}; closing anyway", TEARDOWN_WAIT);
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            services.ui().execute(() -> {
                // stage.close() fires no close request: save what the window looks like now.
                saveBounds(stage);
                stage.close();
            });
        });
    }

    /** The workbench's window, the owner of its dialogs (null before it is shown). */
    private javafx.stage.Window ownerWindow() {
        return scene == null ? null : scene.getWindow();
    }

    public ShellViewModel shell() {
        return shell;
    }

    public Scene scene() {
        return scene;
    }

    /** Cancels a run still going (waiting a bounded time for its teardown), then stops polling and background work. */
    @Override
    public void close() {
        if (shell.live().stateProperty().get().active()) {
            try {
                backend.controller().cancel();
                backend.controller().awaitIdle(TEARDOWN_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("Cancelling the run at exit failed", e);
            }
        }
        shell.live().stopPolling();
        poller.close();
        backgroundPool.shutdownNow();
        editorWork.shutdown(); // a save under way finishes its write
        try {
            editorWork.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void backgroundWork(Runnable work) {
        try {
            backgroundPool.execute(work);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("Background work after close dropped");
        }
    }

    /** Runs the editor's work; a debounced check that fires after close is dropped. */
    private void editorWork(Runnable work) {
        try {
            editorWork.execute(work);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("Editor work after close dropped");
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
