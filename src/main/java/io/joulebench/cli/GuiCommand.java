package io.joulebench.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench gui}: opens the workbench (also what the jar does with no arguments). A machine without what
 * the workbench needs (GTK 3 on Linux) gets a message naming what to install, exit 1, and JavaFX is never started.
 */
@Command(name = "gui", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Open the Joulebench workbench.")
public final class GuiCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** What is missing for the workbench, if anything; replaced in tests. */
    Supplier<Optional<String>> requirements = io.joulebench.app.Launcher::missingRequirement;
    /** Starts the workbench and returns when its window closes; replaced in tests. */
    Runnable launch = () -> io.joulebench.app.Launcher.launch(new String[0]);

    @Override
    public Integer call() {
        int status = io.joulebench.app.Launcher.start(requirements, launch, message -> {
            spec.commandLine().getErr().println(message);
            spec.commandLine().getErr().flush();
        });
        return status == 0 ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }
}
