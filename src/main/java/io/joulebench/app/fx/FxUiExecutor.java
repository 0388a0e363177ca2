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
}
