package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The SIGTERM path: the shutdown hook's {@link InterruptibleRun#terminate} applies the interrupt and waits for it. */
class InterruptibleRunTest {

    @Test
    void terminate_interrupts_the_run_and_waits_for_its_teardown() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        AtomicBoolean tornDown = new AtomicBoolean();
        Thread run = Thread.ofPlatform().name("fake-study").start(() -> {
            try {
                running.countDown();
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                tornDown.set(true); // what the session does on an interrupt: credit, stop the server
            }
        });
        running.await();
        StringWriter err = new StringWriter();

        InterruptibleRun.terminate(run, new PrintWriter(err));

        assertThat(tornDown).isTrue();
        assertThat(run.isAlive()).isFalse();
        assertThat(err.toString()).startsWith("terminated: stopping the server and crediting what closed");
    }

    @Test
    void terminate_after_the_run_ended_does_nothing() throws Exception {
        Thread done = Thread.ofPlatform().start(() -> { });
        done.join();
        StringWriter err = new StringWriter();

        InterruptibleRun.terminate(done, new PrintWriter(err));

        assertThat(err.toString()).isEmpty();
    }
}
