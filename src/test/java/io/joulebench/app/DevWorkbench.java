package io.joulebench.app;

import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.FakeLiveFeed;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.results.Fixtures;
import io.joulebench.app.shell.Area;
import java.util.List;
import java.util.Locale;
import javafx.application.Application;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

/**
 * Dev-only launcher for screenshots and manual checks: the workbench with the fake live feed and the results
 * fixture loaded. Arguments: {@code editor} (the quickstart in the study editor), {@code live [seconds]} (the run frozen at that instant, or {@code play} to watch it
 * advance in real time) or {@code results [windows|by-rate|plots]}. Preferences go to a throwaway folder.
 */
public final class DevWorkbench {

    private DevWorkbench() {
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    /** The application class the launcher starts. */
    public static final class App extends Application {

        private AppContext context;
        private TestServices services;

        @Override
        public void start(Stage stage) {
            List<String> args = getParameters().getRaw();
            String area = args.isEmpty() ? "live" : args.get(0).toLowerCase(Locale.ROOT);
            String option = args.size() > 1 ? args.get(1) : "";
            long started = System.nanoTime();
            FakeLiveFeed feed = !area.equals("live") || option.equals("play") || option.isEmpty()
                    ? new FakeLiveFeed(() -> (System.nanoTime() - started) / 1e9)
                    : new FakeLiveFeed(() -> Double.parseDouble(option));
            services = new TestServices();
            context = new AppContext(services.services(new RunBackend(feed, new FakeRunController()),
                    new FxUiExecutor()));
            context.show(stage);
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1440);
            stage.setHeight(900);
            context.shell().results().open(Fixtures.quickstartFolder());
            context.shell().areaProperty().set(switch (area) {
                case "results" -> Area.RESULTS;
                case "editor" -> Area.EDITOR;
                default -> Area.LIVE;
            });
            if (area.equals("results")) {
                int tab = switch (option) {
                    case "by-rate" -> 1;
                    case "plots" -> 2;
                    default -> 0;
                };
                stage.getScene().getRoot().lookupAll(".tab-pane").forEach(n -> ((TabPane) n)
                        .getSelectionModel().select(tab));
            }
        }

        @Override
        public void stop() throws Exception {
            context.close();
            services.close();
        }
    }
}
