package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.joulebench.ArchitectureTest;
import org.junit.jupiter.api.Test;

/** The CLI rules of {@link ArchitectureTest} catch a command that reaches into the workbench. */
class CliRulesTest {

    /** A command that builds the workbench's parts itself instead of launching it. */
    static final class ReachesIntoTheApp {
        io.joulebench.app.AppContext context;
    }

    /** A second command that launches the workbench: only GuiCommand may. */
    static final class LaunchesToo {
        void open() {
            io.joulebench.app.Launcher.main(new String[0]);
        }
    }

    @Test
    void a_cli_class_using_the_apps_parts_fails_the_rule() {
        JavaClasses violating = new ClassFileImporter().importClasses(ReachesIntoTheApp.class);
        assertThatThrownBy(() -> ArchitectureTest.cli_does_not_reach_into_the_app.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("AppContext");
    }

    @Test
    void only_gui_command_may_make_the_launch_call() {
        JavaClasses other = new ClassFileImporter().importClasses(LaunchesToo.class);
        assertThatThrownBy(() -> ArchitectureTest.only_the_gui_command_launches_the_app.check(other))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Launcher");
        JavaClasses gui = new ClassFileImporter().importClasses(GuiCommand.class, ExitCodes.class);
        assertThatCode(() -> ArchitectureTest.only_the_gui_command_launches_the_app.check(gui))
                .doesNotThrowAnyException();
        assertThatCode(() -> ArchitectureTest.cli_does_not_reach_into_the_app.check(gui)).doesNotThrowAnyException();
    }
}
