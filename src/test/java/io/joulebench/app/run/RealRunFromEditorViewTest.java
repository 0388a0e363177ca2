package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.LiveViewModel;
import io.joulebench.app.live.RunState;
import io.joulebench.app.live.Validity;
import io.joulebench.app.live.WindowChartModel;
import io.joulebench.app.prefs.WindowBounds;
import io.joulebench.app.shell.Area;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.testing.TestWiring;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Run button over the real runner: a shortened quickstart (reference engine in-process, simulated energy, two
 * rates × two 1 s windows) runs through {@link CoreStudyExecution} and the default session runner, as the
 * workbench wires it, into a results folder the test owns. About 6 s per run.
 */
@ExtendWith(ApplicationExtension.class)
class RealRunFromEditorViewTest {

    static final String SHORT_QUICKSTART = """
            study_name: quickstart-short
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              dataset: {source: builtin, n_prompts: 100, order: interleaved}
              max_input_tokens: 256
              max_output_tokens: 16
              random_seed: 42
            measurement:
              energy_sampler: simulated
              baseline: {enabled: false}
            server:
              traffic:
                arrival: poisson
                seed: 7
                ramp_exclusion_seconds: 0.5
                window_seconds: 1
              warmup: {mode: fixed, duration_seconds: 0.2}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_order: interleave}
            sweep:
              server.traffic.rate: [8, 32]
            """;

    @TempDir
    Path dir;
    private final TestServices services = new TestServices();
    private final AtomicReference<String> serverUrl = new AtomicReference<>();
    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) {
        Platform.setImplicitExit(false);
        this.stage = stage;
        // a host over the temp folder: the run's pid files stay in it, and nothing reaps the developer's home
        HostEnvironment host = TestWiring.host(dir.resolve("home"));
        StudyExecution real = new CoreStudyExecution(() -> TestWiring.referenceEngineRunner(host), host.clock());
        context = new AppContext(services.services(
                StudyRunBackend.factory(recordingServerUrl(real), dir.resolve("results"), services.errors),
                new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    void a_real_short_quickstart_runs_from_the_run_button_into_the_chart_results_and_an_export(FxRobot robot)
            throws Exception {
        openShortQuickstart(robot);
        robot.clickOn("#nav-live");
        robot.clickOn("#live-run");
        LiveViewModel live = context.shell().live();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.FINISHED);

        List<WindowChartModel.Point> points = live.windowChartProperty().get().points();
        assertThat(points).hasSize(4).allSatisfy(p ->
                assertThat(p.window().validity()).isIn(Validity.VALID, Validity.INVALID));
        assertThat(points).extracting(p -> p.window().jPerToken()).allMatch(j -> j > 0);
        assertThat(live.levelRows()).hasSize(2);
        assertThat(live.bannerProperty().get()).startsWith("Simulated");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> context.shell().areaProperty().get() == Area.RESULTS);
        assertThat(context.shell().results().rows()).hasSize(4);

        Path csv = dir.resolve("export/windows.csv");
        services.dialogs.answers.add(csv);
        robot.clickOn("#results-export-all");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.isRegularFile(csv)
                && !context.shell().results().exportingProperty().get());
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(1 + 4);
        assertThat(lines.get(0)).startsWith("experiment_id,");
        assertThat(lines.subList(1, 5)).allMatch(l -> l.contains(",quickstart-short,"));
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void escape_cancels_a_real_run_which_ends_interrupted_with_its_engine_stopped(FxRobot robot) throws Exception {
        openShortQuickstart(robot);
        robot.clickOn("#nav-live");
        robot.clickOn("#live-run");
        LiveViewModel live = context.shell().live();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> serverUrl.get() != null);
        URI server = URI.create(serverUrl.get());
        assertThat(listening(server)).isTrue();

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.CANCELLED);
        assertThat(services.questions).hasSize(1);
        assertThat(context.shell().areaProperty().get()).isEqualTo(Area.LIVE);
        assertThat(live.windowChartProperty().get().points().size()).isLessThan(4);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !listening(server));
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void closing_the_window_during_a_real_run_asks_cancels_stops_the_engine_and_saves_the_bounds(FxRobot robot)
            throws Exception {
        robot.interact(() -> {
            stage.setX(60);
            stage.setY(30);
            stage.setWidth(1100);
            stage.setHeight(720);
        });
        openShortQuickstart(robot);
        robot.clickOn("#nav-live");
        robot.clickOn("#live-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> serverUrl.get() != null);
        URI server = URI.create(serverUrl.get());
        assertThat(listening(server)).isTrue();

        robot.interact(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        assertThat(services.questions).singleElement().asString().startsWith("Cancel the running study?");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !stage.isShowing());

        // The window went only once the run was down: nothing listens any more, the run ended cancelled.
        assertThat(listening(server)).isFalse();
        // the live state follows the run through the view model's snapshot poll, so it may trail the close a little
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> EnumSet.of(RunState.CANCELLING, RunState.CANCELLED)
                .contains(context.shell().live().stateProperty().get()));
        assertThat(services.preferences.windowBounds()).isEqualTo(new WindowBounds(60, 30, 1100, 720));
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void resume_on_the_live_view_continues_an_interrupted_folder_to_all_its_windows(FxRobot robot) throws Exception {
        openShortQuickstart(robot);
        robot.clickOn("#nav-live");
        robot.clickOn("#live-run");
        LiveViewModel live = context.shell().live();
        // Interrupt once the first level is decided: it stays credited, the second is left to the resume.
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !live.levelRows().isEmpty()
                && live.levelRows().get(0).verdict() != Validity.PENDING);
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.CANCELLED);
        Path folder;
        try (var folders = Files.list(dir.resolve("results"))) {
            folder = folders.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(windowRows(folder)).hasSizeLessThan(4);

        services.dialogs.answers.add(folder);
        robot.clickOn("#live-resume");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> live.stateProperty().get() == RunState.FINISHED);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> context.shell().areaProperty().get() == Area.RESULTS);

        List<String> rows = windowRows(folder);
        assertThat(rows).hasSize(4);
        assertThat(rows.stream().map(r -> r.split(",")[0])).doesNotHaveDuplicates();
        assertThat(context.shell().results().rows()).hasSize(4);
        assertThat(services.errors.messages).isEmpty();
    }

    private static List<String> windowRows(Path folder) throws IOException {
        Path csv = folder.resolve("windows.csv");
        if (!Files.isRegularFile(csv)) {
            return List.of();
        }
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        return lines.subList(1, lines.size());
    }

    private void openShortQuickstart(FxRobot robot) throws IOException {
        Path study = dir.resolve("quickstart-short.yaml");
        Files.writeString(study, SHORT_QUICKSTART, StandardCharsets.UTF_8);
        var opened = new java.util.concurrent.atomic.AtomicReference<java.util.concurrent.CompletableFuture<Boolean>>();
        robot.interact(() -> opened.set(context.shell().editor().openStudy(study)));
        try {
            // read on the editor's thread, loaded on the FX thread
            assertThat(opened.get().get(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.shell().titleProperty().get()).contains("quickstart-short");
    }

    private static boolean listening(URI server) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.getHost(), server.getPort()), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The real execution, with its listener tapped for the server's address. */
    private StudyExecution recordingServerUrl(StudyExecution real) {
        return new StudyExecution() {
            @Override
            public RunEnd run(Study study, Path outDir, StudyRunListener listener) throws Exception {
                return real.run(study, outDir, tap(listener));
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener listener) throws Exception {
                return real.resume(resultsDir, tap(listener));
            }
        };
    }

    private StudyRunListener tap(StudyRunListener listener) {
        InvocationHandler handler = (Object proxy, Method method, Object[] args) -> {
            if (method.getName().equals("serverReady")) {
                serverUrl.set((String) args[1]);
            }
            try {
                return method.invoke(listener, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (StudyRunListener) Proxy.newProxyInstance(StudyRunListener.class.getClassLoader(),
                new Class<?>[] {StudyRunListener.class}, handler);
    }
}
