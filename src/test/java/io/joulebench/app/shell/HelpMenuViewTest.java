package io.joulebench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunBackend;
import io.joulebench.core.ToolVersion;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Issue 35 item 21: the workbench has a menu bar with Help › Documentation and Help › About (the version). */
@ExtendWith(ApplicationExtension.class)
class HelpMenuViewTest {

    private final TestServices services = new TestServices();
    private AppContext context;

    @Start
    void start(Stage stage) {
        context = new AppContext(services.services(RunBackend.none(), new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    void help_documentation_opens_the_docs_folder_off_the_fx_thread(FxRobot robot) throws Exception {
        robot.clickOn("#menu-help");
        robot.clickOn("Documentation");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !services.opened.isEmpty());
        // the tests run in the repository root: its docs/ folder
        assertThat(services.opened.get(0)).isEqualTo(Path.of("docs").toAbsolutePath().normalize());
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void help_about_names_the_version(FxRobot robot) {
        robot.clickOn("#menu-help");
        robot.clickOn("About Joulebench");
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane about = robot.lookup("#about-dialog").queryAs(DialogPane.class);
        assertThat(about.getHeaderText()).isEqualTo("Joulebench " + ToolVersion.get());
        assertThat(about.getContentText()).contains("Version " + ToolVersion.get()).contains("Documentation: ");
        robot.interact(() -> about.getScene().getWindow().hide());
    }
}
