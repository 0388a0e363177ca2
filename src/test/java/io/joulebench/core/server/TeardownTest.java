package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicBoolean;
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
}
