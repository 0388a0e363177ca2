package io.joulebench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.editor.EditorFixtures;
import io.joulebench.app.editor.EditorViewModel;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.FakeLiveFeed;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.LiveViewModel;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.results.ResultsViewModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShellViewModelTest {

    private final TestServices services = new TestServices();
    private final FakeRunController controller = new FakeRunController();
    private final AtomicReference<LiveSnapshot> snapshot = new AtomicReference<>(LiveSnapshot.idle());
    private final EditorViewModel editor = new EditorViewModel(services.preferences, services.errors);
    private final LiveViewModel live = new LiveViewModel(new RunBackend(snapshot::get, controller),
            UiExecutor.direct(), (p, t) -> () -> { }, services.confirmer, services.errors, 10);
    private final ShellViewModel shell = new ShellViewModel(editor, live,
            new ResultsViewModel(services.preferences, services.errors, services.opened::add, io.joulebench.app.results.ExportRunner.direct()));

    ShellViewModelTest() {
        editor.newStudy(EditorFixtures.quickstartCopy()); // a test copy, not the bundled example
    }

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void run_is_off_with_the_first_problem_as_its_reason_while_the_study_has_problems() {
        live.blockRunWhile(editor.runBlockedReasonProperty());
        assertThat(live.canRunProperty().get()).isTrue();
        assertThat(live.runOffReasonProperty().get()).isEmpty();

        editor.textProperty().set(editor.textProperty().get().replace("window_seconds: 5", "window_seconds: -5"));
        assertThat(live.canRunProperty().get()).isFalse();
        assertThat(live.runOffReasonProperty().get()).startsWith("Run is off until the study's problem is fixed")
                .contains("window_seconds");
        shell.areaProperty().set(Area.RESULTS);
        shell.run();
        assertThat(controller.calls).as("nothing started for an invalid study").isEmpty();
        assertThat(shell.areaProperty().get()).as("Ctrl+R shows the editor, which says why").isEqualTo(Area.EDITOR);
        assertThat(services.errors.messages).isEmpty();

        editor.textProperty().set(editor.textProperty().get().replace("window_seconds: -5", "window_seconds: 5"));
        assertThat(live.canRunProperty().get()).isTrue();
        shell.run();
        assertThat(controller.calls).containsExactly("start");
        assertThat(shell.areaProperty().get()).isEqualTo(Area.LIVE);
    }

    @Test
    void the_title_names_the_study_in_the_editor() {
        assertThat(shell.titleProperty().get()).isEqualTo("Joulebench — quickstart-copy");
        assertThat(editor.textProperty().get()).contains("server.traffic.rate: [16, 28, 40]");
    }

    @Test
    void the_workbench_starts_from_the_bundled_quickstart() {
        EditorViewModel fresh = new EditorViewModel(services.preferences, services.errors);
        assertThat(fresh.textProperty().get()).isEqualTo(EditorViewModel.quickstartText());
        assertThat(fresh.dirtyProperty().get()).isFalse();
        assertThat(fresh.fileProperty().get()).isNull();
    }

    @Test
    void opening_editing_and_saving_a_study_updates_the_title_and_recent_files(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("sweep.yaml"), "study_name: llama-sweep\nengine: vllm\n");
        shell.areaProperty().set(Area.RESULTS);
        shell.openStudy(file);
        assertThat(shell.areaProperty().get()).isEqualTo(Area.EDITOR);
        assertThat(shell.titleProperty().get()).isEqualTo("Joulebench — llama-sweep");
        editor.textProperty().set("study_name: llama-sweep-2\nengine: vllm\n");
        assertThat(shell.titleProperty().get()).isEqualTo("Joulebench — llama-sweep-2 •");
        assertThat(shell.saveNeedsTarget()).isFalse();
        shell.saveStudy(null);
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).contains("llama-sweep-2");
        assertThat(shell.titleProperty().get()).isEqualTo("Joulebench — llama-sweep-2");
        assertThat(services.preferences.recentStudies()).containsExactly(file);
    }

    @Test
    void a_new_study_must_be_saved_somewhere_first(@TempDir Path dir) {
        shell.newStudy();
        assertThat(shell.saveNeedsTarget()).isTrue();
        shell.saveStudy(dir.resolve("quickstart.yaml"));
        assertThat(dir.resolve("quickstart.yaml")).exists();
        assertThat(shell.saveNeedsTarget()).isFalse();
    }

    @Test
    void an_unreadable_study_is_reported_and_the_document_kept(@TempDir Path dir) {
        shell.openStudy(dir.resolve("missing.yaml"));
        assertThat(services.errors.messages).singleElement().asString().contains("missing.yaml");
        assertThat(shell.titleProperty().get()).isEqualTo("Joulebench — quickstart-copy");
    }

    @Test
    void run_shows_the_live_area_and_escape_cancels_only_after_confirmation() {
        shell.run();
        assertThat(shell.areaProperty().get()).isEqualTo(Area.LIVE);
        assertThat(controller.calls).containsExactly("start");
        live.apply(FakeLiveFeed.at(12));
        services.confirmAnswer = false;
        assertThat(shell.cancelRun()).isFalse();
        services.confirmAnswer = true;
        assertThat(shell.cancelRun()).isTrue();
        assertThat(controller.calls).containsExactly("start", "cancel");
    }
}
