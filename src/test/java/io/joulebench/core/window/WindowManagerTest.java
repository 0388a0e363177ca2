package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.error;
import static io.joulebench.core.window.Fixtures.ns;
import static io.joulebench.core.window.Fixtures.ok;
import static io.joulebench.core.window.Fixtures.timeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WindowManagerTest {

    private final VirtualClock clock = VirtualClock.atSeconds(1000);
    private final FakeBracket.Factory brackets = new FakeBracket.Factory(clock, 100);
    private final WindowManager manager = new WindowManager(clock);
    private final WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(30).durationSeconds(10).build();

    static List<RequestRecord> steadyTokens(int perWindow, double from, int windows, double duration) {
        List<RequestRecord> out = new ArrayList<>();
        for (int w = 0; w < windows; w++) {
            for (int i = 0; i < perWindow; i++) {
                double t = from + w * duration + (i + 0.5) * duration / perWindow;
                out.add(ok(out.size(), t - 0.1, t, t));
            }
        }
        return out;
    }

    private LevelPlan.Builder plan(ScriptedSource source) {
        return LevelPlan.builder(spec, source, request -> CompletionResult.EMPTY, brackets);
    }

    @Test
    void windows_are_contiguous_spans_after_one_ramp() throws Exception {
        ScriptedSource source = ScriptedSource.returning();
        LevelOutcome outcome = manager.runLevel(0, plan(source).build());

        assertThat(outcome.windows()).extracting(WindowRecord::spanStartSeconds, WindowRecord::spanEndSeconds)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1030.0, 1040.0),
                        org.assertj.core.groups.Tuple.tuple(1040.0, 1050.0),
                        org.assertj.core.groups.Tuple.tuple(1050.0, 1060.0));
        assertThat(source.runs).hasValue(1);
        assertThat(source.horizonSeconds).isEqualTo(60.0);
        assertThat(outcome.windows()).allSatisfy(w -> assertThat(w.provisional()).isFalse());
    }

    @Test
    void events_and_brackets_come_in_timeline_order() throws Exception {
        List<String> journal = brackets.journal;
        WindowListener listener = new WindowListener() {
            @Override
            public void levelStarted(int level, WindowSpec s) {
                journal.add("levelStarted");
            }

            @Override
            public void rampFinished(int level, long spanStart) {
                journal.add("rampFinished@" + spanStart / 1_000_000_000L);
            }

            @Override
            public void windowOpened(int level, int window, long spanStart) {
                journal.add("windowOpened" + window);
            }

            @Override
            public void windowClosed(WindowRecord record) {
                journal.add("windowClosed" + record.windowIndex() + (record.provisional() ? "p" : ""));
            }

            @Override
            public void levelValidated(LevelOutcome outcome) {
                journal.add("levelValidated");
            }
        };
        WarmupHook warmup = (level, s) -> journal.add("warmup@" + clock.seconds());

        manager.runLevel(0, plan(ScriptedSource.returning()).listener(listener).warmup(warmup).build());

        assertThat(journal).containsExactly("levelStarted", "warmup@1000.0", "rampFinished@1030",
                "open0", "windowOpened0", "finish0", "windowClosed0p",
                "open1", "windowOpened1", "finish1", "windowClosed1p",
                "open2", "windowOpened2", "finish2", "windowClosed2p", "levelValidated");
    }

    @Test
    void flat_power_and_equal_tokens_give_a_valid_level() throws Exception {
        ScriptedSource source = new ScriptedSource(steadyTokens(8, 1030, 3, 10), ScriptedSource.Ending.RETURN);
        LevelOutcome outcome = manager.runLevel(0, plan(source).build());

        assertThat(outcome.windows()).extracting(WindowRecord::tokens).containsExactly(8L, 8L, 8L);
        assertThat(outcome.windows()).extracting(WindowRecord::jPerToken).containsExactly(125.0, 125.0, 125.0);
        assertThat(outcome.windows()).extracting(WindowRecord::mJPerToken)
                .containsExactly(125_000.0, 125_000.0, 125_000.0);
        assertThat(outcome.windows().getFirst().intraWindowCv()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(outcome.validation().valid()).isTrue();
        assertThat(outcome.validation().cv()).isEqualTo(0.0);
        assertThat(outcome.issuer().capBoundFraction()).isEqualTo(0.25);
        assertThat(outcome.windows().getFirst().metrics().capBoundFraction()).isEqualTo(0.25);
    }

    @Test
    void a_token_spike_in_one_window_is_kept_and_stamped_invalid() throws Exception {
        List<RequestRecord> records = new ArrayList<>(steadyTokens(10, 1030, 3, 10));
        records.addAll(steadyTokens(5, 1050, 1, 10).stream()
                .map(r -> new RequestRecord(r.index() + 100, r.issuedAtNanos(), r.dispatchedAtNanos(),
                        r.completedAtNanos(), r.status(), null, r.result())).toList());
        LevelOutcome outcome = manager.runLevel(0, plan(new ScriptedSource(records, ScriptedSource.Ending.RETURN)).build());

        assertThat(outcome.windows()).hasSize(3);
        assertThat(outcome.validation().valid()).isFalse();
        assertThat(outcome.validation().reason()).contains("coefficient of variation");
    }

    @Test
    void attribution_counts_in_span_receipts_of_every_request_and_excludes_ramp_and_drain() throws Exception {
        ScriptedSource source = ScriptedSource.returning(
                ok(0, 1020, 1045, 1025, 1035, 1045),     // issued in the ramp: its in-span receipts count
                ok(1, 1031, 1033, 1032, 1033),
                ok(5, 1038, 1040, 1040),                 // a receipt on the shared edge belongs to both spans
                error(2, 1041, 1044, 1042, 1043),        // partial tokens of an error still count
                timeout(4, 1052, 1053),
                ok(3, 1055, 1062, 1056, 1061));          // 1061 is drain tail
        LevelOutcome outcome = manager.runLevel(0, plan(source).build());

        assertThat(outcome.windows()).extracting(WindowRecord::tokens).containsExactly(4L, 4L, 2L);
        assertThat(outcome.windows().get(0).jPerToken()).isEqualTo(250.0);
        WindowMetrics w2 = outcome.windows().get(2).metrics();
        assertThat(w2.completedCount()).isEqualTo(1);
        assertThat(w2.timeoutCount()).isEqualTo(1);
        assertThat(outcome.windows().get(1).metrics().errorCount()).isEqualTo(1);
        assertThat(outcome.windows().get(0).metrics().completedCount()).as("the ramp request is not in-window")
                .isEqualTo(2);
    }

    @Test
    void zero_tokens_in_a_window_invalidate_the_level_with_the_zero_token_reason() throws Exception {
        ScriptedSource source = new ScriptedSource(steadyTokens(10, 1030, 2, 10), ScriptedSource.Ending.RETURN);
        LevelOutcome outcome = manager.runLevel(0, plan(source).build());

        assertThat(outcome.windows().get(2).jPerToken()).isNull();
        assertThat(outcome.validation().valid()).isFalse();
        assertThat(outcome.validation().reason()).contains("no J/token");
    }

    @Test
    void default_spec_runs_three_windows_and_the_hook_receives_the_spec() throws Exception {
        WindowSpec defaults = WindowSpec.ofRate(2);
        AtomicInteger calls = new AtomicInteger();
        List<WindowSpec> seen = new ArrayList<>();
        LevelOutcome outcome = manager.runLevel(4, LevelPlan.builder(defaults, ScriptedSource.returning(),
                r -> CompletionResult.EMPTY, brackets).warmup((level, s) -> {
                    calls.incrementAndGet();
                    seen.add(s);
                }).build());

        assertThat(outcome.windows()).hasSize(3);
        assertThat(outcome.levelIndex()).isEqualTo(4);
        assertThat(calls).hasValue(1);
        assertThat(seen).containsExactly(defaults);
        assertThat(outcome.windows().get(2).spanEndSeconds()).isEqualTo(1000 + 30 + 3 * 240.0);
    }

    @Test
    void a_failing_warmup_propagates_before_traffic_or_windows() {
        ScriptedSource source = ScriptedSource.returning();
        WarmupHook failing = (level, s) -> {
            throw new IllegalStateException("warmup traffic died");
        };

        assertThatThrownBy(() -> manager.runLevel(0, plan(source).warmup(failing).build()))
                .isInstanceOf(IllegalStateException.class).hasMessage("warmup traffic died");
        assertThat(source.runs).hasValue(0);
        assertThat(brackets.journal).isEmpty();
    }

    @Test
    void windows_per_level_is_configurable() throws Exception {
        WindowSpec five = WindowSpec.builder().rate(5).rampExclusionSeconds(0).durationSeconds(1)
                .windowsPerLevel(5).build();
        LevelOutcome outcome = manager.runLevel(0, LevelPlan.builder(five, ScriptedSource.returning(),
                r -> CompletionResult.EMPTY, brackets).build());

        assertThat(outcome.windows()).extracting(WindowRecord::windowIndex).containsExactly(0, 1, 2, 3, 4);
        assertThat(outcome.windows().get(4).spanEndNanos()).isEqualTo(ns(1005));
    }
}
