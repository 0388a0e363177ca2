package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WindowAbortTest {

    private final VirtualClock clock = VirtualClock.atSeconds(1000);
    private final FakeBracket.Factory brackets = new FakeBracket.Factory(clock, 100);
    private final WindowManager manager = new WindowManager(clock);
    private final WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(30).durationSeconds(10).build();
    private final AtomicReference<AbortedLevel> announced = new AtomicReference<>();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private LevelPlan.Builder plan(ScriptedSource source) {
        return LevelPlan.builder(spec, source, r -> CompletionResult.EMPTY, brackets).listener(new WindowListener() {
            @Override
            public void levelAborted(AbortedLevel aborted) {
                announced.set(aborted);
            }
        });
    }

    private static ScriptedSource blocking() {
        return new ScriptedSource(WindowManagerTest.steadyTokens(4, 1030, 3, 10),
                ScriptedSource.Ending.BLOCK_UNTIL_CANCELLED);
    }

    private static WindowListener interruptOn(String event, int window) {
        return new WindowListener() {
            @Override
            public void windowOpened(int level, int w, long spanStart) {
                if (event.equals("opened") && w == window) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void windowClosed(WindowRecord record) {
                if (event.equals("closed") && record.windowIndex() == window) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    @Test
    void cancellation_mid_span_aborts_the_open_window_once_and_cancels_traffic() throws Exception {
        ScriptedSource source = blocking();
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(source).listener(interruptOn("opened", 0)).build()));

        assertThat(e.abortedLevel().reason()).isEqualTo("aborted: cancelled");
        assertThat(e.abortedLevel().abortedWindowIndex()).isZero();
        assertThat(e.abortedLevel().completedWindows()).isEmpty();
        assertThat(e.getCause()).isInstanceOf(InterruptedException.class);
        assertThat(Thread.interrupted()).as("the interrupt is restored").isTrue();
        assertThat(brackets.journal).containsExactly("open0", "close0");
        assertThat(source.cancelledOrNeverRan()).isTrue();
    }

    @Test
    void a_failure_in_window_one_keeps_the_core_of_window_zero() {
        brackets.failOpen.add(1);
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(blocking()).build()));

        AbortedLevel aborted = e.abortedLevel();
        assertThat(aborted.reason()).isEqualTo("aborted: IllegalStateException: boom");
        assertThat(aborted.abortedWindowIndex()).isEqualTo(1);
        assertThat(aborted.completedWindows()).singleElement().satisfies(w -> {
            assertThat(w.windowIndex()).isZero();
            assertThat(w.energyJ()).isEqualTo(1000.0);
            assertThat(w.tokens()).isEqualTo(4);
            assertThat(w.jPerToken()).isEqualTo(250.0);
        });
        assertThat(brackets.journal).containsExactly("open0", "finish0", "open1", "close1");
        assertThat(announced.get()).isEqualTo(aborted);
    }

    @Test
    void a_failing_abort_does_not_mask_the_original_cause() {
        brackets.failOpen.add(0);
        brackets.failClose = true;
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(blocking()).build()));

        assertThat(e.abortedLevel().reason()).isEqualTo("aborted: IllegalStateException: boom");
        assertThat(e.getCause()).hasMessage("boom");
    }

    @Test
    void close_failure_is_its_own_site_and_sends_no_abort() {
        brackets.failFinish.add(2);
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(blocking()).build()));

        assertThat(e.abortedLevel().reason()).isEqualTo("close failed: IllegalStateException: meter gone");
        assertThat(e.abortedLevel().abortedWindowIndex()).isEqualTo(2);
        assertThat(e.abortedLevel().completedWindows()).hasSize(2);
        assertThat(brackets.journal).doesNotContain("close2").endsWith("finish2");
    }

    @Test
    void a_traffic_failure_surfaces_in_the_drain_with_every_core() {
        ScriptedSource source = new ScriptedSource(WindowManagerTest.steadyTokens(4, 1030, 3, 10),
                ScriptedSource.Ending.THROW);
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(source).build()));

        assertThat(e.abortedLevel().reason()).isEqualTo("drain failed: IllegalStateException: issuer crashed");
        assertThat(e.abortedLevel().abortedWindowIndex()).isNull();
        assertThat(e.abortedLevel().completedWindows()).extracting(WindowRecord::tokens)
                .containsExactly(4L, 4L, 4L);
    }

    @Test
    void cancellation_in_the_drain_is_a_drain_failure() throws Exception {
        ScriptedSource source = blocking();
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(source).listener(interruptOn("closed", 2)).build()));

        assertThat(Thread.interrupted()).isTrue();
        assertThat(e.abortedLevel().reason()).isEqualTo("drain failed: cancelled");
        assertThat(e.abortedLevel().completedWindows()).hasSize(3);
        assertThat(source.cancelledOrNeverRan()).isTrue();
    }

    @Test
    void a_failure_during_the_ramp_attaches_nothing() throws Exception {
        ScriptedSource source = blocking();
        WarmupHook interrupting = (level, s) -> Thread.currentThread().interrupt();
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> manager.runLevel(0, plan(source).warmup(interrupting).build()));

        assertThat(thrown).isInstanceOf(InterruptedException.class);
        assertThat(brackets.journal).isEmpty();
        assertThat(announced.get()).isNull();
        assertThat(source.cancelledOrNeverRan()).isTrue();
    }

    @Test
    void the_happy_path_never_aborts() throws Exception {
        manager.runLevel(0, plan(ScriptedSource.returning()).build());

        assertThat(brackets.journal).noneMatch(s -> s.startsWith("close"));
        assertThat(announced.get()).isNull();
    }

    @Test
    void a_request_log_failure_aborts_the_open_window() {
        RequestLogFactory broken = (level, windows) -> new RequestLogSink() {
            @Override
            public void row(RequestLogRow row) {
                throw new java.io.UncheckedIOException(new java.io.IOException("disk full"));
            }

            @Override
            public void close() {
            }
        };
        AbortedLevelException e = catchThrowableOfType(AbortedLevelException.class,
                () -> manager.runLevel(0, plan(blocking()).requestLog(broken).build()));

        assertThat(e.abortedLevel().reason()).startsWith("aborted: UncheckedIOException").contains("disk full");
        assertThat(e.abortedLevel().abortedWindowIndex()).isZero();
        assertThat(e.abortedLevel().completedWindows()).isEmpty();
    }
}
