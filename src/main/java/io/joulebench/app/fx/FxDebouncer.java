package io.joulebench.app.fx;

import javafx.animation.PauseTransition;
import javafx.util.Duration;

/** Waits on the FX thread: every submit restarts the pause, and only the last work runs. Use on the FX thread. */
public final class FxDebouncer implements Debouncer {

    private final PauseTransition pause;
    private Runnable pending;

    public FxDebouncer(java.time.Duration quiet) {
        pause = new PauseTransition(Duration.millis(quiet.toMillis()));
        pause.setOnFinished(e -> {
            Runnable work = pending;
            pending = null;
            if (work != null) {
                work.run();
            }
        });
    }

    @Override
    public void submit(Runnable work) {
        pending = work;
        pause.playFromStart();
    }
}
