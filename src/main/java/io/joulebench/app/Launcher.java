package io.joulebench.app;

import io.joulebench.JulToSlf4j;
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
}
