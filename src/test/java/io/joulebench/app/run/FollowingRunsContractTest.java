package io.joulebench.app.run;

import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveRunFeedContract;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import java.util.concurrent.atomic.AtomicReference;

/** The live area's feed when it follows nothing: the workbench's own run shows through, news and all. */
class FollowingRunsContractTest extends LiveRunFeedContract {

    private final AtomicReference<LiveSnapshot> own = new AtomicReference<>(LiveSnapshot.idle());

    @Override
    protected LiveRunFeed newFeed() {
        return new FollowingRuns(new RunBackend(own::get, new FakeRunController()), Runnable::run,
                (period, task) -> () -> { }, jobId -> { }, new FollowingRuns.Reporter() {
                    @Override
                    public void cancelled(String what) {
                    }

                    @Override
                    public void failed(String what, Exception cause) {
                    }
                }, () -> 0L);
    }

    @Override
    protected void news(LiveRunFeed feed, int n) {
        own.set(own.get().withVersion(n));
    }
}
