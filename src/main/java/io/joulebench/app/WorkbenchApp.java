package io.joulebench.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/** The JavaFX application and composition root of the workbench. */
public final class WorkbenchApp extends Application {

    @Override
    public void start(Stage stage) {
        stage.setTitle("Joulebench");
        stage.setScene(new Scene(new StackPane(new Label("Joulebench")), 1200, 800));
        stage.show();
    }
}
