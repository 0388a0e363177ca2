package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.chart.AreaChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The traffic section's trace: chosen, sliced and scaled in the form, it round-trips into the YAML. */
@ExtendWith(ApplicationExtension.class)
class TraceSectionViewTest {

    private final TestServices services = new TestServices();
    private AppContext context;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        context = new AppContext(services.services(RunBackend.none(), new FxUiExecutor()));
        context.shell().editor().newStudy(EditorFixtures.quickstartCopy());
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    private String yaml() {
        return context.shell().editor().textProperty().get();
    }

    @Test
    void a_chosen_trace_with_its_slice_and_time_scales_is_written_into_the_yaml_and_previewed(FxRobot robot)
            throws Exception {
        Path trace = Files.writeString(dir.resolve("t.jsonl"), """
                {"timestamp": 0, "input_length": 1024, "output_length": 10, "hash_ids": [1, 2]}
                {"timestamp": 1000, "input_length": 1100, "output_length": 20, "hash_ids": [1, 3, 4]}
                {"timestamp": 2000, "input_length": 600, "output_length": 30, "hash_ids": [5, 6]}
                """);
        services.dialogs.answers.add(trace);
        robot.interact(() -> robot.lookup("#trace-choose").queryButton().fire());
        Label detected = robot.lookup("#trace-detected").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !detected.getText().isEmpty());
        assertThat(detected.getText()).isEqualTo("mooncake (detected)");
        assertThat(services.dialogs.initialFolders).containsExactly(context.shell().editor().studyFolder());

        enter(robot, "#trace-duration-seconds", "2.5");
        enter(robot, "#trace-time-scale", "1, 2");
        @SuppressWarnings("unchecked")
        ComboBox<String> format = robot.lookup("#trace-format").queryAs(ComboBox.class);
        robot.interact(() -> format.setValue("mooncake"));
        WaitForAsyncUtils.waitForFxEvents();

        String text = yaml();
        assertThat(text).contains("    trace:\n      file: " + trace.toAbsolutePath().normalize() + "\n")
                .contains("      duration_seconds: 2.5\n").contains("      format: mooncake\n")
                .contains("server.traffic.trace.time_scale: [1, 2]");
        // the file's own comments and layout stay: the trace is spliced in, not the study rewritten
        assertThat(text).startsWith(EditorFixtures.quickstartCopy().substring(0, 40));
        AreaChart<?, ?> rate = robot.lookup("#trace-rate").queryAs(AreaChart.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !rate.getData().isEmpty()
                && robot.lookup("#trace-caption").queryAs(Label.class).getText().contains("(of 1, 2)"));

        // and back: the YAML tab's edit shows in the form
        robot.interact(() -> context.shell().editor().textProperty().set(yaml().replace("duration_seconds: 2.5",
                "duration_seconds: 1.5")));
        assertThat(robot.lookup("#trace-duration-seconds").queryTextInputControl().getText()).isEqualTo("1.5");
    }

    /** Types into a field (below the fold of the form's scroll pane, so not clicked) and presses Enter. */
    private static void enter(FxRobot robot, String id, String text) {
        javafx.scene.control.TextField field = robot.lookup(id).queryAs(javafx.scene.control.TextField.class);
        robot.interact(() -> {
            field.setText(text);
            field.fireEvent(new javafx.event.ActionEvent());
        });
    }

    @Test
    void a_bad_trace_shows_its_line_in_the_form(FxRobot robot) throws Exception {
        Path trace = Files.writeString(dir.resolve("bad.csv"), "offset_s,input_tokens\n0,10\n-1,10\n");
        services.dialogs.answers.add(trace);
        robot.interact(() -> robot.lookup("#trace-choose").queryButton().fire());
        Label message = robot.lookup("#trace-message").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, message::isVisible);
        assertThat(message.getText()).contains("bad.csv line 3").doesNotContain("Exception");
    }
}
