package io.joulebench.app;

import io.joulebench.app.editor.EditorView;
import io.joulebench.app.editor.EditorViewModel;
import io.joulebench.app.fx.Confirmer;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.ExecutorPollScheduler;
import io.joulebench.app.fx.FileDialogs;
import io.joulebench.app.fx.FolderOpener;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.LiveView;
import io.joulebench.app.live.LiveViewModel;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.prefs.WindowBounds;
import io.joulebench.app.prefs.WorkbenchPreferences;
import io.joulebench.app.results.ResultsView;
import io.joulebench.app.results.ResultsViewModel;
import io.joulebench.app.shell.Area;
import io.joulebench.app.shell.ShellView;
import io.joulebench.app.shell.ShellViewModel;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The composition root: builds the executors, view models and views and wires them explicitly. Everything that
 * reaches outside the workbench (preferences, the run backend, dialogs, the desktop) comes in as a constructor
 * argument, so tests and the dev launcher wire their own.
 */
public final class AppContext implements AutoCloseable {

    /** The outside world the workbench talks to. */
    public record Services(WorkbenchPreferences preferences, RunBackend backend, FolderOpener folderOpener,
            ErrorReporter errors, Confirmer confirmer, FileDialogs dialogs, UiExecutor ui) {
    }

    static final int[] ICON_SIZES = {16, 24, 32, 48, 64, 128, 256, 512};

    private final Services services;
    private final ExecutorPollScheduler poller = new ExecutorPollScheduler();
    private final ExecutorService background = Executors.newCachedThreadPool(daemon("joulebench-task"));
    private final ShellViewModel shell;
    private final Scene scene;

    public AppContext(Services services) {
        this.services = services;
        EditorViewModel editor = new EditorViewModel(services.preferences(), services.errors());
        LiveViewModel live = new LiveViewModel(services.backend(), services.ui(), poller, services.confirmer(),
                services.errors(), LiveViewModel.DEFAULT_HZ);
        ResultsViewModel results = new ResultsViewModel(services.preferences(), services.errors(),
                services.folderOpener(), background);
        shell = new ShellViewModel(editor, live, results);
        LiveView liveView = new LiveView(live, () -> services.dialogs()
                .chooseFolder("Resume an interrupted results folder").map(java.nio.file.Path::toFile).orElse(null));
        ShellView shellView = new ShellView(shell, services.dialogs(), Map.of(
                Area.EDITOR, new EditorView(editor).node(),
                Area.LIVE, liveView.node(),
                Area.RESULTS, new ResultsView(results, services.dialogs()).node()));
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
        stage.setMinWidth(Math.min(WindowBounds.MIN_WIDTH, screen.getWidth()));
        stage.setMinHeight(Math.min(WindowBounds.MIN_HEIGHT, screen.getHeight()));
        stage.setWidth(bounds.width());
        stage.setHeight(bounds.height());
        if (bounds.hasPosition()) {
            stage.setX(bounds.x());
            stage.setY(bounds.y());
        }
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            // A run in progress is cancelled cleanly (after asking) before the window may close.
            if (shell.live().stateProperty().get().active() && !shell.cancelRun()) {
                e.consume();
                return;
            }
            services.preferences().saveWindowBounds(
                    new WindowBounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()));
        });
        stage.show();
    }

    public ShellViewModel shell() {
        return shell;
    }

    public Scene scene() {
        return scene;
    }

    /** Stops polling and background work; the run backend itself is closed by whoever owns it. */
    @Override
    public void close() {
        shell.live().stopPolling();
        poller.close();
        background.shutdownNow();
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
