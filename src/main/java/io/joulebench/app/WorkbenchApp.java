package io.joulebench.app;

import io.joulebench.app.fx.DesktopFolderOpener;
import io.joulebench.app.fx.FxConfirmer;
import io.joulebench.app.fx.FxErrorReporter;
import io.joulebench.app.fx.FxFileDialogs;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.prefs.WorkbenchPreferences;
import io.joulebench.app.run.CoreStudyExecution;
import io.joulebench.app.run.StudyExecution;
import io.joulebench.app.run.StudyRunBackend;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.server.Reaper;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.engine.ReferenceEngineServerFactory;
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
        // the composition root of the workbench: the one place that reads this process's environment
        HostEnvironment host = HostEnvironment.system();
        Thread.ofVirtual().name("joulebench-reaper").start(() -> Reaper.reapAtStartup(host));
        StudyExecution execution = new CoreStudyExecution(() -> new DefaultSessionRunner(
                SessionEnvironment.standard(host, new ReferenceEngineServerFactory(host.clock()))), host.clock(), host);
        context = new AppContext(new AppContext.Services(WorkbenchPreferences.forHost(host),
                StudyRunBackend.factory(execution, StudyRunBackend.defaultResultsRoot(host), errors, ui),
                new DesktopFolderOpener(getHostServices()), errors, new FxConfirmer(stage),
                new FxFileDialogs(stage), ui));
        context.show(stage);
        // Results lists the default results folder's newest runs from the start (issue 35 item 13)
        context.shell().results().listRunsIn(StudyRunBackend.defaultResultsRoot(host), 20);
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
    }
}
