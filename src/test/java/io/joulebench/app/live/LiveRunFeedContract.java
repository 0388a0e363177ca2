package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the live view needs of every {@link LiveRunFeed}: a snapshot (and replay rates) before anything happened;
 * the same version polled twice without news, so {@code LiveViewModel.tick} redraws nothing; a new version once
 * news arrive; and snapshots polled from another thread while news arrive, whose versions never go back. Each
 * feed's test extends this, as the executors extend {@code StudyExecutorContract}.
 */
public abstract class LiveRunFeedContract {

    /** A fresh feed that has heard nothing. */
    protected abstract LiveRunFeed newFeed();

    /** Tells the feed that something happened, its own way: an event, a later time, a newer snapshot. */
    protected abstract void news(LiveRunFeed feed, int n);

    @Test
    void before_any_news_there_is_a_snapshot_and_replay_rates() {
        LiveRunFeed feed = newFeed();
        LiveSnapshot s = feed.snapshot();
        assertThat(s).isNotNull();
        assertThat(s.state()).isNotNull();
        assertThat(feed.replayRates()).isNotNull();
    }

    @Test
    void polling_without_news_gives_the_same_version_and_news_a_new_one() {
        LiveRunFeed feed = newFeed();
        long before = feed.snapshot().version();
        assertThat(feed.snapshot().version()).as("no news, nothing to redraw").isEqualTo(before);
        news(feed, 1);
        assertThat(feed.snapshot().version()).as("news, a new version").isNotEqualTo(before);
    }

    @Test
    void versions_polled_from_another_thread_while_news_arrive_never_go_back() throws Exception {
        LiveRunFeed feed = newFeed();
        List<Long> seen = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread poller = new Thread(() -> {
            try {
                while (done.getCount() > 0) {
                    seen.add(feed.snapshot().version());
                    feed.replayRates();
                }
                seen.add(feed.snapshot().version());
            } catch (Throwable t) {
                failures.add(t);
            }
        }, "contract-poller");
        poller.start();
        for (int n = 1; n <= 50; n++) {
            news(feed, n);
        }
        done.countDown();
        poller.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(failures).isEmpty();
        assertThat(seen).isNotEmpty().isSorted();
    }
}
