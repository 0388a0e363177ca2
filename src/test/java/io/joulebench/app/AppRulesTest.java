package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.joulebench.ArchitectureTest;
import org.junit.jupiter.api.Test;

/** The view-model rule of {@link ArchitectureTest} catches a view model that holds a control. */
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
}
