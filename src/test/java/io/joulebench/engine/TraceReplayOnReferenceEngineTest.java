package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.session.TracePrompts;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceReplaySource;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.window.ReplayFidelity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A Mooncake-shaped replay on the reference engine, over HTTP with the default client (issue 30, acceptance 1 and 2):
 * prompts of the rows' input lengths in the engine's own tokens, output lengths forced, and the engine's prefix cache
 * serving what the rows' {@code hash_ids} share.
 */
class TraceReplayOnReferenceEngineTest {

    private static final int BLOCK = 512;
    private static final List<String> CORPUS = List.of("The quick brown fox jumps over the lazy dog.",
            "Energy per token depends first on the workload: prompt lengths, prefix reuse, answer lengths.",
            "A trace records arrivals and lengths, not text; the text comes from the study's dataset.");

    private RunningEngine engine;

    @AfterEach
    void stop() {
        if (engine != null) {
            engine.close();
        }
    }

    /**
     * 36 rows in 6 groups: each row starts with its group's 2 shared blocks, then 0–2 blocks of its own and a partial
     * block; arrivals every 40 ms.
     */
    private static List<TraceEntry> rows() {
        SplittableRandom random = new SplittableRandom(7);
        List<TraceEntry> rows = new ArrayList<>();
        int unique = 10_000;
        for (int i = 0; i < 36; i++) {
            int group = i % 6;
            int own = random.nextInt(3);
            List<Integer> ids = new ArrayList<>(List.of(group * 100, group * 100 + 1));
            for (int k = 0; k < own; k++) {
                ids.add(unique++);
            }
            int partial = 1 + random.nextInt(BLOCK - 1);
            ids.add(unique++);
            int input = (2 + own) * BLOCK + partial;
            rows.add(new TraceEntry(i * 0.04, input, 4 + random.nextInt(16),
                    ids.stream().mapToInt(Integer::intValue).toArray()));
        }
        return rows;
    }

    /** Prompt tokens that repeat an earlier row's leading blocks, from hash_ids alone: whole blocks only. */
    private static double shareableFromHashIds(List<TraceEntry> rows) {
        HashSet<Integer> seen = new HashSet<>();
        long shareable = 0;
        long total = 0;
        for (TraceEntry row : rows) {
            int[] ids = row.hashIds();
            int fullBlocks = row.inputTokens() / BLOCK;
            int leading = 0;
            while (leading < Math.min(ids.length, fullBlocks) && seen.contains(ids[leading])) {
                leading++;
            }
            shareable += (long) leading * BLOCK;
            total += row.inputTokens();
            for (int id : ids) {
                seen.add(id);
            }
        }
        return (double) shareable / total;
    }

    @Test
    void a_replay_gets_the_rows_lengths_and_the_cache_serves_what_the_hash_ids_share() throws Exception {
        engine = ReferenceEngine.start(EngineOptions.builder()
                .prefixCacheTokens(EngineOptions.SUGGESTED_PREFIX_CACHE_TOKENS).override("decode_base_s", 0.0005)
                .override("decode_per_seq_s", 0).override("prefill_s_per_token", 0).build());
        Transport transport = HttpClientKind.defaultFor(engine.baseUrl()).builder().baseUrl(engine.baseUrl())
                .endpoint(OpenAiEndpoint.COMPLETIONS).readTimeout(Duration.ofSeconds(30)).clock(Clock.system())
                .keepText(false).build();
        List<TraceEntry> rows = rows();
        TracePrompts prompts = new TracePrompts(TracePrompts.tokenizerFor(EnginePreset.REFERENCE, engine.baseUrl(),
                null, Map.of()), CORPUS, 42, null, OpenAiEndpoint.COMPLETIONS, EnginePreset.REFERENCE, 64);

        IssuerReport report = prompts.replay(rows, BLOCK,
                TraceReplaySource.builder().clock(Clock.system()).retainRecords(true))
                .run(transport, Duration.ofSeconds(60));

        assertThat(report.records()).hasSize(rows.size());
        long prompt = 0;
        long cached = 0;
        for (RequestRecord r : report.records()) {
            TraceEntry row = rows.get(r.index());
            assertThat(r.status()).as("request %d: %s", r.index(), r.error()).isEqualTo(RequestStatus.OK);
            int tolerance = Math.max(2, (int) Math.floor(0.02 * row.inputTokens()));
            assertThat(r.result().serverPromptTokens()).as("request %d's prompt tokens", r.index())
                    .isBetween(row.inputTokens() - tolerance, row.inputTokens() + tolerance);
            assertThat(r.result().serverCompletionTokens()).as("request %d's output", r.index())
                    .isEqualTo(row.outputTokens());
            assertThat(r.workload().requestedInputTokens()).isEqualTo(row.inputTokens());
            assertThat(r.workload().requestedOutputTokens()).isEqualTo(row.outputTokens());
            prompt += r.result().serverPromptTokens();
            cached += r.result().serverCachedTokens();
        }
        double expected = shareableFromHashIds(rows);
        double served = (double) cached / prompt;
        assertThat(expected).as("the design shares a good part of the prompts").isGreaterThan(0.3);
        assertThat(served).as("served from cache %.4f vs shareable %.4f", served, expected)
                .isBetween(expected - 0.05, expected + 0.01);

        // the level's fidelity, as windows.csv, the CLI and the results browser give it, from the same records
        ReplayFidelity fidelity = ReplayFidelity.EMPTY;
        for (RequestRecord r : report.records()) {
            fidelity = fidelity.plus(ReplayFidelity.of(r));
        }
        long asked = rows.stream().mapToLong(TraceEntry::inputTokens).sum();
        assertThat(fidelity.inputTokens()).isEqualTo(prompt);
        assertThat(fidelity.inputDeliveredRatio()).isEqualTo((double) prompt / asked);
        assertThat(fidelity.inputDeliveredRatio()).isBetween(0.98, 1.02);
        assertThat(fidelity.outputDeliveredRatio()).isEqualTo(1.0);
        assertThat(fidelity.outputExactShare()).isEqualTo(1.0);
        assertThat(fidelity.inputWithinShare()).isEqualTo(1.0);
        assertThat(fidelity.cacheShare()).isEqualTo(served);
        assertThat(fidelity.sharedPrefixShare()).as("prompt tokens built identical to an earlier request's")
                .isGreaterThanOrEqualTo(expected - 0.01);
        assertThat(fidelity.summary()).startsWith("fidelity: input 1.0").contains("output 1.00× requested")
                .contains(String.format(java.util.Locale.ROOT, "served from cache %.1f %%", 100 * served));
    }
}
