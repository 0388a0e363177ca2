package io.joulebench.app;

import io.joulebench.app.fx.DesktopFolderOpener;
import io.joulebench.app.fx.FxConfirmer;
import io.joulebench.app.fx.FxErrorReporter;
import io.joulebench.app.fx.FxFileDialogs;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.run.CoreStudyExecution;
import io.joulebench.app.run.StudyExecution;
import io.joulebench.app.run.StudyRunBackend;
import io.joulebench.app.prefs.WorkbenchPreferences;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: wires the real services into an {@link AppContext} and shows the main window. */
public final class WorkbenchApp extends Application {

    private AppContext context;

    @Override
    public void start(Stage stage) {
        FxUiExecutor ui = new FxUiExecutor();
        FxErrorReporter errors = new FxErrorReporter(ui, stage);
        errors.installAsUncaughtHandler();
        Thread.ofVirtual().name("joulebench-reaper").start(io.joulebench.core.server.Reaper::reapAtStartup);
        StudyExecution execution = new CoreStudyExecution(io.joulebench.engine.Sessions::defaultRunner);
        context = new AppContext(new AppContext.Services(WorkbenchPreferences.forUser(),
                StudyRunBackend.factory(execution, StudyRunBackend.defaultResultsRoot(), errors),
                new DesktopFolderOpener(getHostServices()), errors, new FxConfirmer(stage),
                new FxFileDialogs(stage), ui));
        context.show(stage);
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
    }
}
