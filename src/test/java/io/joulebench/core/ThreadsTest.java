package io.joulebench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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

    @Test
    void interrupt_and_join_stops_a_waiting_thread_and_waits_for_its_end() {
        CountDownLatch never = new CountDownLatch(1);
        Thread worker = Thread.ofPlatform().start(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                // the stop asked for
            }
        });
        Threads.interruptAndJoin(worker, Duration.ofMinutes(1));
        assertThat(worker.isAlive()).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void an_interrupted_caller_of_interrupt_and_join_keeps_its_interrupt() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Thread stubborn = Thread.ofPlatform().start(() -> {
            while (true) {
                try {
                    never.await();
                    return;
                } catch (InterruptedException e) {
                    // ignores the stop; ends when the latch opens
                }
            }
        });
        Thread.currentThread().interrupt();
        Threads.interruptAndJoin(stubborn, Duration.ofMinutes(1));
        assertThat(Thread.interrupted()).as("interrupted again, and cleared here").isTrue();
        assertThat(stubborn.isAlive()).isTrue();
        never.countDown();
        stubborn.join();
    }
}
