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
import io.joulebench.app.shell.Area;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.session.DefaultSessionRunner;
import io.joulebench.core.session.SessionEnvironment;
import io.joulebench.engine.ReferenceEngineServerFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * Dev-only launcher for the trace replay's screenshots: the real workbench (reference engine, results and
 * preferences under a throwaway folder) with a study opened. Arguments: {@code STUDY WIDTH HEIGHT [editor|live]};
 * {@code live} runs the study at once and shows the live view.
 */
public final class TraceReplayWorkbench {

    private TraceReplayWorkbench() {
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    /** The application class the launcher starts. */
    public static final class App extends Application {

        private AppContext context;

        @Override
        public void start(Stage stage) throws Exception {
            List<String> args = getParameters().getRaw();
            Path study = Path.of(args.get(0)).toAbsolutePath();
            Path scratch = Files.createTempDirectory("joulebench-shots");
            FxUiExecutor ui = new FxUiExecutor();
            FxErrorReporter errors = new FxErrorReporter(ui, stage);
            HostEnvironment host = HostEnvironment.system();
            StudyExecution execution = new CoreStudyExecution(() -> new DefaultSessionRunner(
                    SessionEnvironment.standard(host, new ReferenceEngineServerFactory(host.clock()))), host.clock(),
                    host);
            context = new AppContext(new AppContext.Services(
                    new WorkbenchPreferences(scratch.resolve(WorkbenchPreferences.FILE_NAME)),
                    StudyRunBackend.factory(execution, scratch.resolve("results"), errors, ui),
                    new DesktopFolderOpener(getHostServices()), errors, new FxConfirmer(stage),
                    new FxFileDialogs(stage), ui));
            context.show(stage);
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(Double.parseDouble(args.get(1)));
            stage.setHeight(Double.parseDouble(args.get(2)));
            context.shell().areaProperty().set(Area.EDITOR);
            context.shell().editor().openStudy(study).thenAccept(opened -> {
                if (opened && args.size() > 3 && args.get(3).equals("live")) {
                    // after the debounced check: Run is on once the study validates
                    new Thread(() -> {
                        try {
                            Thread.sleep(3000);
                        } catch (InterruptedException e) {
                            return;
                        }
                        ui.execute(() -> context.shell().run());
                    }, "shots-run").start();
                }
            });
        }

        @Override
        public void stop() {
            if (context != null) {
                context.close();
            }
        }
    }
}
