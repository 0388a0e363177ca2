package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TeardownTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void an_interrupted_caller_tears_down_uninterrupted_and_is_interrupted_again_after() {
        AtomicBoolean seen = new AtomicBoolean(true);
        Thread.currentThread().interrupt();
        Teardown.uninterrupted(() -> seen.set(Thread.currentThread().isInterrupted()));
        assertThat(seen).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void a_caller_that_was_not_interrupted_stays_so() {
        Teardown.uninterrupted(() -> { });
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void the_flag_comes_back_when_the_teardown_fails() {
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> Teardown.uninterrupted(() -> {
            throw new IllegalStateException("boom");
        })).hasMessage("boom");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void a_handle_is_torn_down_once_and_another_launchers_handle_not_at_all() {
        FlaggedHandle mine = new FlaggedHandle();
        AtomicInteger runs = new AtomicInteger();
        Teardown.once(mine, FlaggedHandle.class, h -> h.closed, h -> runs.incrementAndGet());
        Teardown.once(mine, FlaggedHandle.class, h -> h.closed, h -> runs.incrementAndGet());
        assertThat(runs).hasValue(1);
        assertThat(mine.closed).isTrue();

        ServerHandle foreign = new OtherHandle();
        Teardown.once(foreign, FlaggedHandle.class, h -> h.closed, h -> runs.incrementAndGet());
        assertThat(runs).hasValue(1);
    }

    @Test
    void a_handle_torn_down_once_runs_uninterrupted() {
        AtomicBoolean seen = new AtomicBoolean(true);
        Thread.currentThread().interrupt();
        Teardown.once(new FlaggedHandle(), FlaggedHandle.class, h -> h.closed,
                h -> seen.set(Thread.currentThread().isInterrupted()));
        assertThat(seen).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    private static class OtherHandle implements ServerHandle {
        @Override
        public int port() {
            return 1;
        }

        @Override
        public String describe() {
            return "test";
        }

        @Override
        public String logTail(int chars) {
            return "";
        }

        @Override
        public boolean isAlive() {
            return true;
        }
    }

    private static final class FlaggedHandle extends OtherHandle {
        final AtomicBoolean closed = new AtomicBoolean();
    }
}
