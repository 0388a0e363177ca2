package io.joulebench.core.session;

import static io.joulebench.core.session.SessionFixtures.cells;
import static io.joulebench.core.session.SessionFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceReplaySource;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import io.joulebench.core.workload.PromptLookahead;
import io.joulebench.core.workload.PromptTokenizer;
import io.joulebench.core.server.ServerTokenizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replay's prompts are built from the level's plan on, not from its first request: none is late at the start. */
class TracePromptsTest {

    private static final List<String> CORPUS = List.of("The quick brown fox jumps over the lazy dog. ",
            "Energy per token depends first on the workload. ", "Prefill is paid per prompt token. ");

    /** The estimate, counting what it was asked: the builder's only contact with "the server". */
    private static final class CountingTokenizer implements PromptTokenizer {
        final PromptTokenizer estimate = new EstimatePromptTokenizer();
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public int[] tokenize(String text) throws ServerTokenizer.Unavailable, InterruptedException {
            calls.incrementAndGet();
            return estimate.tokenize(text);
        }

        @Override
        public String detokenize(int[] ids) throws ServerTokenizer.Unavailable, InterruptedException {
            calls.incrementAndGet();
            return estimate.detokenize(ids);
        }

        @Override
        public String label() {
            return "counting estimate";
        }

        @Override
        public boolean estimate() {
            return true;
        }
    }

    private static TracePrompts prompts(PromptTokenizer tokenizer) {
        return new TracePrompts(tokenizer, CORPUS, 7, "m", OpenAiEndpoint.COMPLETIONS, EnginePreset.REFERENCE, 16);
    }

    /** Waits for a condition the builder thread makes true; the bound only keeps a broken build from hanging. */
    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    @Test
    void a_prepared_replay_has_its_first_prompts_built_before_any_request_and_none_is_late() throws Exception {
        List<TraceEntry> rows = IntStream.range(0, 16)
                .mapToObj(i -> new TraceEntry(0.0, 20 + i, 4, TraceEntry.NO_HASH_IDS)).toList();
        TracePrompts.Prepared prepared = prompts(new CountingTokenizer()).prepare(rows, 512);

        assertThat(eventually(() -> prepared.ready() >= rows.size()))
                .as("all 16 prompts built before the replay's first instant").isTrue();

        AtomicInteger sent = new AtomicInteger();
        prepared.source(rows, TraceReplaySource.builder().clock(Clock.system()).retainRecords(false))
                .run((RequestShape r) -> {
                    sent.incrementAndGet();
                    return new CompletionResult("x", new long[] {System.nanoTime()}, 20, 1, "length");
                }, Duration.ofSeconds(30));

        PromptLookahead.Report report = prepared.report();
        assertThat(sent.get()).isEqualTo(16);
        assertThat(report.taken()).isEqualTo(16);
        assertThat(report.late()).as("prompts the issuer had to wait for").isZero();
    }

    @Test
    void a_trace_level_starts_building_its_prompts_when_its_traffic_is_planned(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,input_tokens,output_tokens\n0,12,3\n0.5,30,4\n1,8,2\n");
        List<io.joulebench.core.study.ResolvedCell> cells = cells(load("""
                serving_mode: server
                engine: reference
                task: {dataset: {source: builtin, n_prompts: 10}, max_output_tokens: 8}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {ramp_exclusion_seconds: 2, window_seconds: 10, trace: {file: t.csv}}
                  warmup: {mode: fixed, duration_seconds: 0}
                """));
        CountingTokenizer tokenizer = new CountingTokenizer();

        // the factory is made with the level's plan, before its warmup; no traffic is created or run here
        LevelTraffic.factory(cells.getFirst(), i -> new RequestShape(i, Map.of("prompt", "p")), prompts(tokenizer),
                dir, Clock.system(), false);

        assertThat(eventually(() -> tokenizer.calls.get() > 0))
                .as("the tokenizer was asked before the level's traffic started").isTrue();
    }
}
