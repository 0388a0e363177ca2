package io.joulebench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ThreadsTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void an_interrupted_caller_still_waits_for_the_end_and_is_interrupted_after() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Thread worker = Thread.ofPlatform().start(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.currentThread().interrupt();
        Thread releaser = Thread.ofPlatform().start(release::countDown);
        Threads.joinUninterruptibly(worker);
        assertThat(worker.isAlive()).isFalse();
        assertThat(Thread.interrupted()).as("interrupted again, and cleared here").isTrue();
        releaser.join();
    }

    @Test
    void a_caller_that_was_not_interrupted_stays_so() {
        Thread worker = Thread.ofPlatform().start(() -> { });
        Threads.joinUninterruptibly(worker);
        assertThat(worker.isAlive()).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
