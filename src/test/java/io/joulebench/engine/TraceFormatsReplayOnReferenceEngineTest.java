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
import io.joulebench.core.traffic.trace.TraceSlice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 30, acceptance 1: a two-minute slice of each published format (the examples' own small traces, detected from
 * their first line) replays on the reference engine with every row issued or counted as skipped with its reason,
 * each scheduled instant the row's offset over {@code time_scale} to 1 ms, the row's output length delivered and its
 * input length in the engine's own tokens within max(2 tokens, 2 %), for at least 99 % of the requests.
 */
class TraceFormatsReplayOnReferenceEngineTest {

    private static final double TIME_SCALE = 80; // two minutes of trace in a second and a half
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

    @ParameterizedTest(name = "{0}")
    @CsvSource({"joulebench-sample.csv, 0", "mooncake-sample.jsonl, 0", "azure-2023-sample.csv, 0",
            "azure-2024-sample.csv, 0", "burstgpt-sample.csv, 7"})
    void a_two_minute_slice_replays_with_its_instants_and_lengths(String file, int skippedRows) throws Exception {
        TraceSlice slice = TraceSlice.read(Path.of("examples/traces", file), null, 0, 120.0);
        assertThat(slice.summary().skippedRows()).as("rows the source says failed, counted with their reason")
                .isEqualTo(skippedRows);
        if (skippedRows > 0) {
            assertThat(slice.summary().skipped().keySet()).as("skipped rows keep their reason").isNotEmpty()
                    .allSatisfy(reason -> assertThat(reason).isNotBlank());
        }
        engine = ReferenceEngine.start(EngineOptions.builder().override("decode_base_s", 0.0002)
                .override("decode_per_seq_s", 0).override("prefill_s_per_token", 0).build());
        Transport transport = HttpClientKind.defaultFor(engine.baseUrl()).builder().baseUrl(engine.baseUrl())
                .endpoint(OpenAiEndpoint.COMPLETIONS).readTimeout(Duration.ofSeconds(30)).clock(Clock.system())
                .keepText(false).build();
        List<TraceEntry> rows = slice.scheduled(TIME_SCALE);
        TracePrompts prompts = new TracePrompts(TracePrompts.tokenizerFor(EnginePreset.REFERENCE, engine.baseUrl(),
                null, Map.of()), CORPUS, 42, null, OpenAiEndpoint.COMPLETIONS, EnginePreset.REFERENCE, 64);

        IssuerReport report = prompts.replay(rows, 512, TraceReplaySource.builder().clock(Clock.system())
                .retainRecords(true)).run(transport, Duration.ofSeconds(60));

        List<RequestRecord> records = report.records().stream()
                .sorted(Comparator.comparingInt(RequestRecord::index)).toList();
        assertThat(records).extracting(RequestRecord::index).as("request_index i is row i of the slice")
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, rows.size()).boxed().toList());
        long origin = records.getFirst().issuedAtNanos();
        int lengthsAsAsked = 0;
        List<String> off = new java.util.ArrayList<>();
        for (RequestRecord r : records) {
            double scheduled = slice.scheduledSeconds(r.index(), TIME_SCALE);
            assertThat((r.issuedAtNanos() - origin) / 1e9).as("request %d's scheduled instant", r.index())
                    .isCloseTo(scheduled, org.assertj.core.data.Offset.offset(0.001));
            assertThat(r.status()).as("request %d: %s", r.index(), r.error()).isEqualTo(RequestStatus.OK);
            TraceEntry row = rows.get(r.index());
            int tolerance = Math.max(2, (int) Math.floor(0.02 * row.inputTokens()));
            boolean input = Math.abs(r.result().serverPromptTokens() - row.inputTokens()) <= tolerance;
            boolean output = java.util.Objects.equals(r.result().serverCompletionTokens(), row.outputTokens());
            lengthsAsAsked += input && output ? 1 : 0;
            if (!(input && output)) {
                off.add(String.format("#%d input %d/%d output %d/%d", r.index(), r.result().serverPromptTokens(),
                        row.inputTokens(), r.result().serverCompletionTokens(), row.outputTokens()));
            }
        }
        assertThat(lengthsAsAsked).as("requests with both lengths as the row asks, of %d; off: %s", records.size(), off)
                .isGreaterThanOrEqualTo((int) Math.ceil(0.99 * records.size()));
    }
}
