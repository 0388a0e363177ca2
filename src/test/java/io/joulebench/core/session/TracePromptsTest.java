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

    /** The texts of the first {@code n} prompts a prepared workload builds. */
    private static List<String> texts(TracePrompts.Prepared prepared, int n) throws Exception {
        List<String> out = new java.util.ArrayList<>();
        prepared.openLoop(io.joulebench.core.traffic.OpenLoopSource.builder()
                        .schedule(io.joulebench.core.traffic.ArrivalSchedule.build(
                                io.joulebench.core.traffic.ScheduleSpec.ofHorizon(1000, io.joulebench.core.traffic.ArrivalProcess.CONSTANT, 1.0, 1L, n / 1000.0)))
                        .clock(Clock.system()).retainRecords(false))
                .run((RequestShape r) -> {
                    synchronized (out) {
                        out.add(r.index() + ":" + r.payload().get("prompt"));
                    }
                    return new CompletionResult("x", new long[] {System.nanoTime()}, 20, 1, "length");
                }, Duration.ofSeconds(30));
        return out.stream().sorted().toList();
    }

    private static java.util.Iterator<io.joulebench.core.workload.PromptRow> rows() {
        return IntStream.iterate(0, i -> i + 1)
                .mapToObj(i -> new io.joulebench.core.workload.PromptRow(20 + i % 7, null, 512, 3)).iterator();
    }

    @Test
    void a_warmup_builds_its_own_text_and_leaves_the_measured_prompts_as_they_were() throws Exception {
        List<String> alone = texts(prompts(new CountingTokenizer()).prepare(rows()), 20);

        TracePrompts withWarmup = prompts(new CountingTokenizer());
        List<String> warm = texts(withWarmup.prepareWarmup(rows()), 20);
        List<String> measured = texts(withWarmup.prepare(rows()), 20);

        assertThat(alone).hasSizeGreaterThan(5);
        assertThat(measured).as("the measured prompts do not depend on a warmup before them").isEqualTo(alone);
        assertThat(warm).as("a text of its own (the tiny corpus repeats a few)").hasSameSizeAs(alone)
                .isNotEqualTo(alone);
    }

    @Test
    void a_length_mix_levels_warmup_sends_the_mixs_lengths_from_its_warmup_stream(@TempDir Path dir)
            throws Exception {
        List<io.joulebench.core.study.ResolvedCell> cells = cells(load("""
                serving_mode: server
                engine: reference
                task: {dataset: {source: builtin, n_prompts: 10}, random_seed: 42,
                       input_tokens: {distribution: uniform, min: 10, max: 60}}
                measurement: {energy_sampler: simulated, baseline: {enabled: false}}
                server:
                  traffic: {rate: 40, seed: 3, ramp_exclusion_seconds: 2, window_seconds: 10}
                  warmup: {mode: fixed, duration_seconds: 1}
                """));
        io.joulebench.core.study.ResolvedCell cell = cells.getFirst();
        Map<Integer, Integer> asked = new java.util.concurrent.ConcurrentHashMap<>();
        LevelTraffic.factory(cell, i -> new RequestShape(i, Map.of("prompt", "dataset")),
                        prompts(new CountingTokenizer()), dir, Clock.system(), true)
                .create(r -> { }, 0.5)
                .run((RequestShape r) -> {
                    asked.put(r.index(), r.workload().requestedInputTokens());
                    return new CompletionResult("x", new long[] {System.nanoTime()}, 20, 1, "length");
                }, Duration.ofSeconds(30));

        var mix = LevelTraffic.lengthMix(cell.experiment().task(), dir);
        int n = asked.size();
        assertThat(n).as("a second of warmup at 40/s").isGreaterThan(5);
        int[] warm = new int[n];
        var rows = mix.warmupRows(42);
        for (int i = 0; i < n; i++) {
            warm[i] = rows.next().inputTokens();
        }
        assertThat(IntStream.range(0, n).map(asked::get).toArray()).isEqualTo(warm)
                .isNotEqualTo(mix.draw(42, n)[0]);
    }
}
