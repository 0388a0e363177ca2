package io.joulebench.app.live;

import java.nio.file.Path;

/** The run side the workbench is wired to: a snapshot feed and the controller of the same runs. */
public record RunBackend(LiveRunFeed feed, RunController controller) {

    /** No runner wired in: the live view stays idle and its run actions are disabled. */
    public static RunBackend none() {
        RunController unavailable = new RunController() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public void start() {
                throw new IllegalStateException("no study runner is wired into this workbench");
            }

            @Override
            public void cancel() {
                throw new IllegalStateException("no study runner is wired into this workbench");
            }

            @Override
            public void resume(Path resultsFolder) {
                throw new IllegalStateException("no study runner is wired into this workbench");
            }
        };
        LiveSnapshot idle = LiveSnapshot.idle();
        return new RunBackend(() -> idle, unavailable);
    }
}
