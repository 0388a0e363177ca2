package io.joulebench.app.live;

/** The demo feed the views are tested against keeps the contract of the real ones. */
class FakeLiveFeedContractTest extends LiveRunFeedContract {

    private volatile double seconds = 1;

    @Override
    protected LiveRunFeed newFeed() {
        return new FakeLiveFeed(() -> seconds);
    }

    @Override
    protected void news(LiveRunFeed feed, int n) {
        seconds = 1 + n; // a second later, ten tenths of a second: a new version
    }
}
