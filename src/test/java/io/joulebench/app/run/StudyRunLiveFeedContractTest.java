package io.joulebench.app.run;

import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveRunFeedContract;

/** The workbench's own run, fed by the study runner's listener calls. */
class StudyRunLiveFeedContractTest extends LiveRunFeedContract {

    @Override
    protected LiveRunFeed newFeed() {
        return new StudyRunLiveFeed(() -> 0L);
    }

    @Override
    protected void news(LiveRunFeed feed, int n) {
        StudyRunLiveFeed f = (StudyRunLiveFeed) feed;
        if (n % 2 == 1) {
            f.starting("contract-" + n);
        } else {
            f.cancelling();
        }
    }
}
