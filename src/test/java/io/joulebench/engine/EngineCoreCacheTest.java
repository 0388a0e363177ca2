package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The prefix cache and the KV capacity inside the serving model, on a virtual clock. */
class EngineCoreCacheTest {

    private static final double PREFILL_S = 0.001;
    private static final int B = PrefixCache.BLOCK_TOKENS;

    private final VirtualClock clock = new VirtualClock(0);

    private EngineCore core(int prefixCacheTokens, int kvCacheTokens, int maxNumSeqs) {
        EngineProfile profile = EngineProfile.SMALL.withOverrides(Map.of("max_num_seqs", (double) maxNumSeqs,
                "prefill_s_per_token", PREFILL_S, "decode_base_s", 0.010, "decode_per_seq_s", 0.001));
        PowerModel power = new PowerModel(profile, 1, clock, Duration.ofSeconds(60), Duration.ofMillis(100),
                false, 1);
        return new EngineCore(profile, power, clock, prefixCacheTokens, kvCacheTokens);
    }

    private static String text(String word, int tokens) {
        return (" " + word).repeat(tokens);
    }

    /** Runs one request alone to the end; returns its sink, whose first token time is its first step's end. */
    private RecordingSink runAlone(EngineCore core, long index, String prompt, int tokens) throws InterruptedException {
        int[] ids = Tokenizer.ids(prompt);
        RecordingSink sink = new RecordingSink();
        Sequence s = new Sequence(index, ids.length, tokens, "length", sink, PrefixCache.blockHashes(ids));
        long start = clock.nanoTime();
        core.submit(s);
        while (core.stepOnce()) {
            // drain
        }
        sink.tokenTimes.replaceAll(t -> t - start);
        return sink;
    }

    @Test
    void a_cached_prefix_shortens_prefill_and_lowers_the_requests_true_energy() throws InterruptedException {
        EngineCore core = core(100_000, 0, 8);
        String prompt = text("alpha", 10 * B) + text("tail", 5);
        RecordingSink cold = runAlone(core, 0, prompt, 4);
        RecordingSink warm = runAlone(core, 1, prompt, 4);
        long savedNanos = Math.round(10 * B * PREFILL_S * 1e9);
        assertThat(cold.tokenTimes.getFirst() - warm.tokenTimes.getFirst()).isCloseTo(savedNanos, within(2L));
        assertThat(warm.trueEnergyJ).isLessThan(cold.trueEnergyJ);
        assertThat(core.cachedPromptTokens()).isEqualTo(10 * B);
        assertThat(core.promptTokens()).as("every prompt token counts, cached or not").isEqualTo(2L * (10 * B + 5));
    }

    @Test
    void without_a_cache_the_same_prompt_costs_the_same() throws InterruptedException {
        EngineCore core = core(0, 0, 8);
        String prompt = text("alpha", 10 * B) + text("tail", 5);
        RecordingSink first = runAlone(core, 0, prompt, 4);
        RecordingSink second = runAlone(core, 1, prompt, 4);
        assertThat(second.tokenTimes).isEqualTo(first.tokenTimes);
        assertThat(core.cachedPromptTokens()).isZero();
    }

    @Test
    void a_different_prefix_is_not_served_from_the_cache() throws InterruptedException {
        EngineCore core = core(100_000, 0, 8);
        RecordingSink first = runAlone(core, 0, text("alpha", 4 * B), 2);
        RecordingSink other = runAlone(core, 1, " beta" + text("alpha", 4 * B - 1), 2);
        assertThat(other.tokenTimes).isEqualTo(first.tokenTimes);
        assertThat(core.cachedPromptTokens()).isZero();
    }

    @Test
    void kv_capacity_holds_back_what_does_not_fit_beside_the_running_batch() throws InterruptedException {
        EngineCore core = core(0, 300, 8);
        List<RecordingSink> sinks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            RecordingSink sink = new RecordingSink();
            core.submit(new Sequence(i, 100, 2, "length", sink)); // 102 KV tokens each: two fit in 300
            sinks.add(sink);
        }
        assertThat(core.stepOnce()).isTrue();
        assertThat(core.running()).isEqualTo(2);
        assertThat(core.waiting()).isEqualTo(2);
        while (core.stepOnce()) {
            // drain
        }
        assertThat(sinks.get(2).tokenTimes.getFirst()).isGreaterThan(sinks.get(1).finishedAt);
        assertThat(sinks).allMatch(s -> "length".equals(s.finishReason));
    }

    @Test
    void without_kv_capacity_max_num_seqs_alone_limits_the_batch() throws InterruptedException {
        EngineCore core = core(0, 0, 8);
        for (int i = 0; i < 4; i++) {
            core.submit(new Sequence(i, 100, 2, "length", new RecordingSink()));
        }
        core.stepOnce();
        assertThat(core.running()).isEqualTo(4);
    }

    @Test
    void a_request_larger_than_the_kv_capacity_still_runs_alone() throws InterruptedException {
        EngineCore core = core(0, 50, 8);
        RecordingSink big = new RecordingSink();
        core.submit(new Sequence(0, 100, 2, "length", big));
        core.submit(new Sequence(1, 10, 2, "length", new RecordingSink()));
        core.stepOnce();
        assertThat(core.running()).isEqualTo(1);
        while (core.stepOnce()) {
            // drain
        }
        assertThat(big.finishReason).isEqualTo("length");
    }
}
