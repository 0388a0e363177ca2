package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ShapeSource;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Prompts built on a background thread before their request's instant. */
@Timeout(30) // a hang guard, not a timing assertion
class PromptLookaheadTest {

    private static List<PromptRow> rows(int count) {
        return IntStream.range(0, count).mapToObj(i -> new PromptRow(300 + i, new int[0], 512, 10 + i)).toList();
    }

    private static ExactLengthPromptBuilder builder(PromptTokenizer tokenizer) throws Exception {
        return new ExactLengthPromptBuilder(tokenizer, ExactLengthPromptBuilderTest.BUILTIN, 1);
    }

    private static void awaitReady(PromptLookahead lookahead, int count) throws InterruptedException {
        while (lookahead.ready() < count) {
            Thread.sleep(1);
        }
    }

    @Test
    void when_the_builder_is_ahead_every_prompt_is_taken_without_waiting() throws Exception {
        try (PromptLookahead lookahead = new PromptLookahead(
                builder(new RuleTokenizer(RuleTokenizer.Rule.REFERENCE)), rows(6).iterator(), 3)) {
            awaitReady(lookahead, 3);
            assertThat(lookahead.ready()).as("bounded by the depth").isEqualTo(3);
            for (int i = 0; i < 6; i++) {
                awaitReady(lookahead, Math.min(3, 6 - i));
                BuiltPrompt p = lookahead.take(i);
                assertThat(p.index()).isEqualTo(i);
                assertThat(p.builtInputTokens()).isEqualTo(300 + i);
            }
            assertThat(lookahead.report()).isEqualTo(new PromptLookahead.Report(6, 0, 0));
        }
    }

    /** Blocks every call while its gate is shut. */
    private static final class GatedTokenizer implements PromptTokenizer {
        private final RuleTokenizer inner = new RuleTokenizer(RuleTokenizer.Rule.REFERENCE);
        volatile CountDownLatch gate = new CountDownLatch(0);

        @Override
        public int[] tokenize(String text) throws InterruptedException {
            gate.await();
            return inner.tokenize(text);
        }

        @Override
        public String detokenize(int[] ids) throws InterruptedException {
            gate.await();
            return inner.detokenize(ids);
        }

        @Override
        public String label() {
            return "gated";
        }

        @Override
        public boolean estimate() {
            return false;
        }
    }

    @Test
    void a_builder_that_falls_behind_makes_the_taker_wait_and_the_report_counts_it() throws Exception {
        GatedTokenizer gated = new GatedTokenizer();
        ExactLengthPromptBuilder builder = builder(gated);
        gated.gate = new CountDownLatch(1);
        try (PromptLookahead lookahead = new PromptLookahead(builder, rows(2).iterator(), 2)) {
            BuiltPrompt[] got = new BuiltPrompt[1];
            Thread taker = Thread.ofVirtual().start(() -> got[0] = lookahead.take(0));
            while (!lookahead.takerWaiting()) {
                Thread.sleep(1);
            }
            assertThat(lookahead.report().late()).as("readable while the taker waits").isEqualTo(1);
            gated.gate.countDown();
            taker.join();

            assertThat(got[0].index()).isZero();
            PromptLookahead.Report report = lookahead.report();
            assertThat(report.taken()).isEqualTo(1);
            assertThat(report.late()).isEqualTo(1);
            assertThat(report.waitedNanos()).isPositive();
        }
    }

    @Test
    void indices_go_forward_skipped_prompts_are_dropped_and_the_end_of_the_rows_is_said() throws Exception {
        try (PromptLookahead lookahead = new PromptLookahead(
                builder(new RuleTokenizer(RuleTokenizer.Rule.REFERENCE)), rows(4).iterator(), 2)) {
            assertThat(lookahead.take(2).index()).isEqualTo(2);
            assertThatThrownBy(() -> lookahead.take(1)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("prompt 1 was asked for after prompt 2");
            assertThat(lookahead.take(3).builtInputTokens()).isEqualTo(303);
            assertThatThrownBy(() -> lookahead.take(4)).isInstanceOf(NoSuchElementException.class)
                    .hasMessage("the workload has no row 4 (it has 4)");
        }
    }

    @Test
    void a_prompt_that_cannot_be_built_fails_the_request_that_asks_for_it_with_the_reason() throws Exception {
        boolean[] broken = {false};
        PromptTokenizer failing = new RuleTokenizer(RuleTokenizer.Rule.REFERENCE) {
            @Override
            public synchronized int[] tokenize(String text) {
                if (broken[0]) {
                    throw new IllegalStateException("tokenizer went away");
                }
                return super.tokenize(text);
            }
        };
        ExactLengthPromptBuilder builder = builder(failing);
        broken[0] = true;
        Iterator<PromptRow> rows = rows(3).iterator();
        try (PromptLookahead lookahead = new PromptLookahead(builder, rows, 2)) {
            assertThatThrownBy(() -> lookahead.take(0)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("could not build prompt 0: tokenizer went away");
        }
    }

    @Test
    void as_a_shape_source_it_hands_the_issuer_each_request_body() throws Exception {
        try (PromptLookahead lookahead = new PromptLookahead(
                builder(new RuleTokenizer(RuleTokenizer.Rule.REFERENCE)), rows(2).iterator(), 2)) {
            ShapeSource shapes = lookahead.shapes(p -> new RequestShape(p.index(), Map.of("prompt", p.text(),
                    "max_tokens", p.requestedOutputTokens())));

            RequestShape second = shapes.shape(1);

            assertThat(second.index()).isEqualTo(1);
            assertThat(second.payload()).containsEntry("max_tokens", 11);
            assertThat(io.joulebench.engine.Tokenizer.count((String) second.payload().get("prompt"))).isEqualTo(301);
        }
    }

}
