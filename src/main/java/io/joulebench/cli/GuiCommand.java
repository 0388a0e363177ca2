package io.joulebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code joulebench gui}: opens the workbench (also what the jar does with no arguments). */
@Command(name = "gui", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Open the Joulebench workbench.")
public final class GuiCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        io.joulebench.app.Launcher.main(new String[0]);
        return ExitCodes.OK;
    }
}
