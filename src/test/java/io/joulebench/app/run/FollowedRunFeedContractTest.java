package io.joulebench.app.run;

import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveRunFeedContract;

/** A followed folder's feed, fed by what the follower reads; here its job table, one new record at a time. */
class FollowedRunFeedContractTest extends LiveRunFeedContract {

    @Override
    protected LiveRunFeed newFeed() {
        return new FollowedRunFeed("contract", () -> 0L);
    }

    @Override
    protected void news(LiveRunFeed feed, int n) {
        ((FollowedRunFeed) feed).jobsRecorded(java.util.List.of(FollowedRunFeedContractTest.job(n)));
    }

    static io.joulebench.core.executor.slurm.JobRecord job(int n) {
        return new io.joulebench.core.executor.slurm.JobRecord(java.nio.file.Path.of("cluster", "jobs", "g" + n), n,
                1, "10" + n, "contract-g" + n, java.util.List.of("cell-" + n), 60, "2026-12-06T10:00:00Z");
    }
}
