package io.joulebench.app.fx;

import javafx.application.Platform;

/** Runs work on the JavaFX application thread: at once when already there, otherwise through runLater. */
public final class FxUiExecutor implements UiExecutor {

    @Override
    public void execute(Runnable work) {
        if (Platform.isFxApplicationThread()) {
            work.run();
        } else {
            Platform.runLater(work);
        }
    }

    /**
     * Runs work on the FX thread after the events already queued, even when called there: for a step that needs
     * the layout or skin the current event is about to make.
     */
    public static void later(Runnable work) {
        Platform.runLater(work);
    }
}
