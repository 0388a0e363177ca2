package io.joulebench.app.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test-only controller that records the actions the view asks for. */
public class FakeRunController implements RunController {

    public final List<String> calls = new ArrayList<>();
    public boolean available = true;
    /** Counted down when the (pretend) run has torn down; zero means idle. */
    public volatile java.util.concurrent.CountDownLatch teardown = new java.util.concurrent.CountDownLatch(0);

    @Override
    public boolean available() {
        return available;
    }

    @Override
    public void start() {
        calls.add("start");
    }

    @Override
    public void cancel() {
        calls.add("cancel");
    }

    @Override
    public void resume(Path resultsFolder) {
        calls.add("resume " + resultsFolder.getFileName());
    }

    @Override
    public boolean running() {
        return teardown.getCount() > 0;
    }

    @Override
    public boolean awaitIdle(java.time.Duration timeout) throws InterruptedException {
        return teardown.await(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }
}
