package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class GuiCommandTest {

    private record Run(int exit, String err) {
    }

    private static Run run(GuiCommand gui) {
        CommandLine cl = new CommandLine(gui);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        return new Run(cl.execute(), err.toString());
    }

    @Test
    void without_gtk_3_the_gui_says_what_to_install_and_never_starts_javafx() {
        GuiCommand gui = new GuiCommand();
        AtomicBoolean launched = new AtomicBoolean();
        gui.requirements = () -> Optional.of(io.joulebench.app.GuiRequirementsAccess.missingGtk());
        gui.launch = () -> launched.set(true);
        Run r = run(gui);
        assertThat(r.exit()).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(r.err()).contains("GTK 3").contains("apt-get install libgtk-3-0").contains("joulebench --help");
        assertThat(launched).isFalse();
    }

    @Test
    void a_javafx_start_that_fails_anyway_names_gtk_and_the_cli_instead_of_a_stack_trace() {
        GuiCommand gui = new GuiCommand();
        gui.requirements = Optional::empty;
        gui.launch = () -> {
            throw new UnsatisfiedLinkError("Unable to load glass GTK library.");
        };
        Run r = run(gui);
        assertThat(r.exit()).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(r.err()).startsWith("The Joulebench workbench could not start: Unable to load glass GTK library.")
                .contains("joulebench --help").doesNotContain("\tat ");
    }

    @Test
    void the_other_commands_run_without_the_gui_requirements() {
        // validate never reaches JavaFX: it works on a machine without GTK (nothing here loads the toolkit)
        CommandLine cl = JoulebenchCommand.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        assertThat(cl.execute("validate", "examples/quickstart.yaml")).isZero();
    }
}
