package io.joulebench.app;

import io.joulebench.JulToSlf4j;
import java.util.Optional;
import javafx.application.Application;

/**
 * Starts the workbench. It does not extend {@link Application}, so the JavaFX runtime can come from the class path
 * (the plain {@code java -jar} case) instead of the module path.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        JulToSlf4j.install();
        Application.launch(WorkbenchApp.class, args);
    }

    /** What this machine lacks for the workbench (GTK 3), in words that say what to install; empty when nothing. */
    public static Optional<String> missingRequirement() {
        return GuiRequirements.problem();
    }

    /** The message for a workbench that failed to start with {@code cause}. */
    public static String startFailed(Throwable cause) {
        return GuiRequirements.startFailed(cause);
    }
}
