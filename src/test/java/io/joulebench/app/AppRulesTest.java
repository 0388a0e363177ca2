package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.joulebench.ArchitectureTest;
import org.junit.jupiter.api.Test;

/**
 * The app rules of {@link ArchitectureTest} catch a view model that holds a control, a class that decides from a
 * progress line, and one that posts to the FX thread past the UI executor.
 */
class AppRulesTest {

    /** A view model with a control in it: it could not be tested without a toolkit. */
    static final class LabelHoldingViewModel {
        javafx.scene.control.Label label;
    }

    @Test
    void a_view_model_holding_a_control_fails_the_rule() {
        JavaClasses violating = new ClassFileImporter().importClasses(LabelHoldingViewModel.class);
        assertThatThrownBy(() -> ArchitectureTest.view_models_hold_no_controls.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("javafx.scene.control.Label");
        JavaClasses clean = new ClassFileImporter().importClasses(io.joulebench.app.live.LiveViewModel.class);
        assertThatCode(() -> ArchitectureTest.view_models_hold_no_controls.check(clean)).doesNotThrowAnyException();
    }

    @Test
    void deciding_from_a_progress_line_fails_the_rule() throws ClassNotFoundException {
        JavaClasses violating = new ClassFileImporter().importClasses(
                Class.forName("io.joulebench.app.run.LineReadingFixture"));
        assertThatThrownBy(() -> ArchitectureTest.progress_lines_are_shown_not_read.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("RecordedEvent.line()");
        JavaClasses clean = new ClassFileImporter().importClasses(io.joulebench.app.run.FollowedRunFeed.class,
                io.joulebench.cli.WatchCommand.class);
        assertThatCode(() -> ArchitectureTest.progress_lines_are_shown_not_read.check(clean))
                .doesNotThrowAnyException();
    }

    @Test
    void posting_to_the_fx_thread_past_the_ui_executor_fails_the_rule() throws ClassNotFoundException {
        JavaClasses violating = new ClassFileImporter().importClasses(
                Class.forName("io.joulebench.app.run.LineReadingFixture"));
        assertThatThrownBy(() -> ArchitectureTest.only_the_ui_executor_posts_to_the_fx_thread.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Platform.runLater");
        JavaClasses clean = new ClassFileImporter().importClasses(io.joulebench.app.fx.FxUiExecutor.class,
                io.joulebench.app.results.WindowsTableView.class);
        assertThatCode(() -> ArchitectureTest.only_the_ui_executor_posts_to_the_fx_thread.check(clean))
                .doesNotThrowAnyException();
    }
}
