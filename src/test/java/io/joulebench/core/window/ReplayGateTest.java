package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.error;
import static io.joulebench.core.window.Fixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A replayed trace is judged by the replay rule, not by window-to-window steadiness (docs/decisions/0019). */
class ReplayGateTest {

    private final VirtualClock clock = VirtualClock.atSeconds(1000);

    /** Three 10 s windows from t = 1030 with {@code perWindow[w]} one-token requests each, at 100 W. */
    private LevelOutcome level(LevelRule rule, int[] perWindow, RequestRecord... extra) throws Exception {
        return level(rule, perWindow, java.util.function.UnaryOperator.identity(), extra);
    }

    /** As above, each window request shaped by {@code shape} (what it asked, what it got). */
    private LevelOutcome level(LevelRule rule, int[] perWindow, java.util.function.UnaryOperator<RequestRecord> shape,
                               RequestRecord... extra) throws Exception {
        List<RequestRecord> records = new ArrayList<>();
        for (int w = 0; w < perWindow.length; w++) {
            for (int i = 0; i < perWindow[w]; i++) {
                double t = 1030 + w * 10 + (i + 0.5) * 10.0 / perWindow[w];
                records.add(shape.apply(ok(records.size(), t - 0.1, t, t)));
            }
        }
        records.addAll(List.of(extra));
        return new WindowManager(clock).runLevel(0, LevelPlan.builder(
                WindowSpec.builder().rate(5).rampExclusionSeconds(30).durationSeconds(10).build(),
                ScriptedSource.returning(records.toArray(RequestRecord[]::new)), r -> CompletionResult.EMPTY,
                new FakeBracket.Factory(clock, 100)).rule(rule).build());
    }

    @Test
    void a_faithful_replay_with_unsteady_windows_is_valid_and_keeps_its_cv_for_information() throws Exception {
        LevelOutcome replay = level(LevelRule.REPLAY, new int[] {10, 40, 10});
        LevelOutcome stationary = level(LevelRule.STATIONARY, new int[] {10, 40, 10});

        assertThat(replay.validation().valid()).as(replay.validation().reason()).isTrue();
        assertThat(replay.validation().cv()).isGreaterThan(0.05);
        assertThat(stationary.validation().valid()).as("the same windows fail the stability gate").isFalse();
    }

    @Test
    void an_idle_window_inside_the_replayed_span_does_not_invalidate_it() throws Exception {
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {10, 0, 10});

        assertThat(o.validation().valid()).as(o.validation().reason()).isTrue();
    }

    @Test
    void a_span_without_output_tokens_is_invalid_and_says_so() throws Exception {
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {0, 0, 0});

        assertThat(o.validation().valid()).isFalse();
        assertThat(o.validation().reason()).isEqualTo("replay not faithful: the replayed span delivered no output "
                + "tokens, so it has no J/token.");
    }

    @Test
    void a_replay_with_errors_beyond_the_bound_is_invalid_with_the_counts() throws Exception {
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {10, 10, 10}, error(100, 1031, 1032),
                error(101, 1041, 1042));

        assertThat(o.validation().valid()).isFalse();
        assertThat(o.validation().reason()).startsWith("request failures: 2 of 32");
    }

    @Test
    void a_replay_issued_far_off_schedule_is_invalid_with_its_lateness() {
        WindowRecord w = new WindowRecord(0, 0, 0, 1, Fixtures.flatBracket(0, 1, 100, 100.0), 10, null, null, null,
                false);
        IssuerSummary late = new IssuerSummary(10, 10, 0, 0, 1, null, 0,
                new IssuerReport.LatencySummary(10, 2_000_000L, 400_000_000L, 450_000_000L, 500_000_000L));
        IssuerSummary onTime = new IssuerSummary(10, 10, 0, 0, 1, null, 0,
                new IssuerReport.LatencySummary(10, 200_000L, 900_000L, 1_000_000L, 1_100_000L));

        LevelValidation v = ReplayGate.validate(List.of(w), late, 0.05, 0.01);

        assertThat(v.valid()).isFalse();
        assertThat(v.reason()).isEqualTo("replay not faithful: requests left off schedule (p99 dispatch lateness "
                + "400.0 ms > 250 ms).");
        assertThat(ReplayGate.validate(List.of(w), onTime, 0.05, 0.01).valid()).isTrue();
    }

    @Test
    void arrivals_held_by_a_concurrency_cap_are_not_the_traces() {
        WindowRecord w = new WindowRecord(0, 0, 0, 1, Fixtures.flatBracket(0, 1, 100, 100.0), 10, null, null, null,
                false);
        IssuerSummary capped = new IssuerSummary(10, 10, 0, 0, 1, 4, 0.2, IssuerReport.LatencySummary.EMPTY);

        LevelValidation v = ReplayGate.validate(List.of(w), capped, 0.05, 0.01);

        assertThat(v.valid()).isFalse();
        assertThat(v.reason()).contains("20.0 % of requests waited for the concurrency cap");
    }

    /**
     * A one-token request that asked {@code askedIn} prompt tokens (the server reporting {@code prompt}) and
     * {@code askedOut} output tokens; it got one.
     */
    private static RequestRecord asked(RequestRecord r, Integer askedIn, Integer prompt, int askedOut) {
        return new RequestRecord(r.index(), r.issuedAtNanos(), r.dispatchedAtNanos(), r.completedAtNanos(),
                r.status(), r.error(), new CompletionResult(null, r.result().tokenTimesNanos().toArray(), prompt, null, "length"),
                null, new io.joulebench.core.traffic.RequestWorkload(askedIn, askedOut, 0));
    }

    @Test
    void a_replay_that_got_the_lengths_it_asked_is_valid() throws Exception {
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {20, 20, 20}, r -> asked(r, 100, 101, 1));

        assertThat(o.validation().valid()).as(o.validation().reason()).isTrue();
    }

    @Test
    void a_replay_whose_outputs_fell_short_is_invalid_and_says_so() throws Exception {
        // 2 of 60 asked for 2 tokens and got 1: 96.7 % delivered as asked
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {20, 20, 20},
                r -> asked(r, 100, 100, r.index() % 30 == 0 ? 2 : 1));

        assertThat(o.validation().valid()).isFalse();
        assertThat(o.validation().reason()).startsWith("replay not faithful: output lengths not delivered as asked "
                + "(96.7 % of 60 completed requests got exactly the trace's output length, < 99 %)");
    }

    @Test
    void a_replay_whose_prompts_missed_their_length_is_invalid_and_says_so() throws Exception {
        // 3 of 60 prompts 10 tokens short of 100 (tolerance max(2, 2 %) = 2); 2 tokens off is still as asked
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {20, 20, 20},
                r -> asked(r, 100, r.index() % 20 == 0 ? 90 : 98, 1));

        assertThat(o.validation().valid()).isFalse();
        assertThat(o.validation().reason()).contains("prompt lengths not delivered as asked (95.0 % of 60 completed "
                + "requests had server prompt tokens within max(2 tokens, 2 %) of the trace's input length, < 99 %)")
                .doesNotContain("output lengths");
    }

    @Test
    void prompts_are_not_judged_where_the_server_reports_no_prompt_tokens() throws Exception {
        LevelOutcome o = level(LevelRule.REPLAY, new int[] {20, 20, 20}, r -> asked(r, 100, null, 1));

        assertThat(o.validation().valid()).as(o.validation().reason()).isTrue();
    }
}
