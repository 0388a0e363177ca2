package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.AppContext;
import io.joulebench.app.TestServices;
import io.joulebench.app.fx.FolderOpener;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunBackend;
import io.joulebench.core.results.WindowRow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** "Open bundle folder" on a desktop whose file browser never answers (AWT parked in gnome_url_show). */
@ExtendWith(ApplicationExtension.class)
class OpenBundleFolderViewTest {

    /** The opener's bound: long enough for the button to be seen waiting, short enough not to idle the suite. */
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(2);
    private final TestServices services = new TestServices();
    private final CountDownLatch never = new CountDownLatch(1);
    private AppContext context;

    @Start
    void start(Stage stage) {
        AppContext.Services base = services.services(RunBackend.none(), new FxUiExecutor());
        context = new AppContext(new AppContext.Services(base.preferences(), base.backend(), new FolderOpener() {
            @Override
            public void open(Path folder) {
                awaitForever();
            }

            @Override
            public Duration answerWithin() {
                return ANSWER_WITHIN;
            }
        }, base.errors(), base.confirmer(), base.dialogs(), base.ui()));
        context.show(stage);
    }

    private void awaitForever() {
        try {
            never.await(); // like AWT's Desktop.open parked in gnome_url_show
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void tearDown() throws Exception {
        never.countDown();
        context.close();
        services.close();
    }

    @Test
    void a_parked_file_browser_leaves_the_window_responsive_and_shows_the_path_to_copy(FxRobot robot)
            throws Exception {
        robot.clickOn("#nav-results");
        services.dialogs.answers.add(Fixtures.quickstartFolder());
        robot.clickOn("#results-open");
        WaitForAsyncUtils.waitForFxEvents();
        // The results folder's path is shown whatever the desktop does.
        assertThat(robot.lookup("#results-folder-path").queryTextInputControl().getText())
                .isEqualTo(Fixtures.quickstartFolder().toString());
        TableView<WindowRow> table = robot.lookup("#windows-table").queryTableView();
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn("#results-open-bundle");
        // The FX thread is not parked: it still runs events and the button waits for the answer.
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#results-open-bundle").queryButton().isDisabled()).isTrue();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> robot.lookup("#results-folder-notice").query().isVisible());
        String bundle = context.shell().results().bundleFolder(table.getItems().get(0)).toString();
        assertThat(robot.lookup("#results-folder-notice-path").queryTextInputControl().getText()).isEqualTo(bundle);
        assertThat(robot.lookup("#results-open-bundle").queryButton().isDisabled()).isFalse();
        robot.clickOn("#results-folder-notice-copy");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get())
                .isEqualTo(bundle);
        assertThat(services.errors.messages).isEmpty();
    }
}
