package io.joulebench.app;

import io.joulebench.JulToSlf4j;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Application;

/**
 * Starts the workbench. It does not extend {@link Application}, so the JavaFX runtime can come from the class path
 * (the plain {@code java -jar} case) instead of the module path. {@link #main} is the entry of
 * {@code ./mvnw javafx:run} and the packaged app: like {@code joulebench gui} it checks what the machine needs first
 * ({@link GuiRequirements}), so a machine without GTK 3 is told what to install instead of JavaFX's bare "Unable to
 * load glass GTK library.".
 */
public final class Launcher {

    /** The exit status when the workbench cannot start (the CLI's {@code RUN_FAILED}). */
    public static final int CANNOT_START = 1;

    private Launcher() {
    }

    public static void main(String[] args) {
        int status = start(GuiRequirements::problem, () -> launch(args), message -> {
            System.err.println(message);
            System.err.flush();
        });
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Starts JavaFX and returns when the window closes; the requirements are the caller's to check. */
    public static void launch(String[] args) {
        JulToSlf4j.install();
        Application.launch(WorkbenchApp.class, args);
    }

    /**
     * The start decision, shared by {@link #main} and {@code joulebench gui}: a missing requirement is told and
     * {@link #CANNOT_START} returned without starting JavaFX; a start that fails anyway is explained
     * ({@link #startFailed}) instead of a stack trace.
     *
     * @return 0 when the workbench ran and closed
     */
    public static int start(Supplier<Optional<String>> requirements, Runnable launch, Consumer<String> tell) {
        Optional<String> missing = requirements.get();
        if (missing.isPresent()) {
            tell.accept(missing.get());
            return CANNOT_START;
        }
        try {
            launch.run();
        } catch (RuntimeException | LinkageError e) {
            tell.accept(startFailed(e));
            return CANNOT_START;
        }
        return 0;
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
