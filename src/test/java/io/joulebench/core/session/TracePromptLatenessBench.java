package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.bench.NullServer;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.study.Prompt;
import io.joulebench.core.study.PromptDataset;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.StreamingTransport;
import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceReplaySource;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.workload.BuiltPrompt;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import io.joulebench.core.workload.ExactLengthPromptBuilder;
import io.joulebench.core.workload.PromptRow;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 acceptance 6 (issuance half): does building trace-length prompts delay issuance? One JVM, one in-process
 * null server (one token, at once), the nio client, a 1,000 req/s schedule of constant 1 ms gaps replayed in
 * three arms, one after another in each round (each arm in each position in turn) after a warm-up of each:
 * <b>builtin</b>, the builtin prompts as they are ({@code lengths: dataset}); <b>trace</b>, prompts of each row's
 * input length (uniform 900–1,100 tokens, the estimate tokenizer's count) built by {@link TracePrompts} through its
 * {@code PromptLookahead} while the schedule runs, as a replay does; <b>prebuilt</b>, the same lengths built before
 * the arm starts (the cost of ~4 KB bodies without the building). Each round prints every arm's dispatch and write
 * lateness and the p99 ratios to builtin; a round's ratio is measured side by side, so it holds on a machine other
 * builds load. {@code -Dbench.seconds} (20) and {@code -Dbench.rounds} (5) size it. Excluded from the default run:
 * {@code ./mvnw -B -o test -Dtest=TracePromptLatenessBench -Dsurefire.excludedGroups= -Dgroups=bench}.
 */
@Tag("bench")
class TracePromptLatenessBench {

    private static final double RATE = 1000;
    private static final double SECONDS = Double.parseDouble(System.getProperty("bench.seconds", "20"));
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 5);
    private static final Duration DRAIN = Duration.ofSeconds(30);

    @Test
    void trace_length_prompts_issue_as_punctually_as_builtin_ones() throws Exception {
        List<String> builtin = PromptDataset.builtin().stream().map(Prompt::text).toList();
        TracePrompts tracePrompts = new TracePrompts(new EstimatePromptTokenizer(), builtin, 42, "null",
                OpenAiEndpoint.COMPLETIONS, EnginePreset.VLLM, 1);
        PromptShapes builtinShapes = new PromptShapes("null", builtin, 1, OpenAiEndpoint.COMPLETIONS);
        ExactLengthPromptBuilder exact = new ExactLengthPromptBuilder(new EstimatePromptTokenizer(), builtin, 43);
        System.out.printf("RESULT settings: %.0f req/s, %.0f s per arm, %d rounds, %d cores, load1 at start %.1f%n",
                RATE, SECONDS, ROUNDS, Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        try (NullServer server = NullServer.start(0);
             StreamingTransport transport = HttpClientKind.NIO.builder().baseUrl(URI.create(server.baseUrl()))
                     .keepText(false).captureSendTimes(true).readTimeout(Duration.ofSeconds(10)).build()) {
            List<TraceEntry> warm = rows(5, 7);
            for (String arm : ARMS) {
                run(arm, warm, builtinShapes, tracePrompts, exact, transport);
            }
            List<Double> ratios = new ArrayList<>();
            List<Double> prebuiltRatios = new ArrayList<>();
            for (int round = 1; round <= ROUNDS; round++) {
                List<TraceEntry> rows = rows(SECONDS, round);
                java.util.Map<String, IssuerReport> by = new java.util.HashMap<>();
                for (int k = 0; k < ARMS.size(); k++) {
                    String arm = ARMS.get((k + round) % ARMS.size()); // each arm in each position in turn
                    IssuerReport r = run(arm, rows, builtinShapes, tracePrompts, exact, transport);
                    print(round, arm, r);
                    assertThat(r.issuedCount()).isEqualTo(rows.size());
                    by.put(arm, r);
                }
                double ratio = p99(by.get("trace")) / p99(by.get("builtin"));
                double prebuilt = p99(by.get("prebuilt")) / p99(by.get("builtin"));
                ratios.add(ratio);
                prebuiltRatios.add(prebuilt);
                System.out.printf("RESULT round %d: p99 dispatch lateness trace/builtin %.2f, prebuilt/builtin %.2f,"
                        + " load1 %.1f%n", round, ratio, prebuilt,
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            }
            System.out.printf("RESULT median over %d rounds: p99 dispatch lateness trace/builtin %.2f (rounds %s),"
                    + " prebuilt/builtin %.2f%n", ROUNDS, median(ratios), ratios, median(prebuiltRatios));
        }
    }

    /**
     * What building one ~1,000-token prompt costs its builder thread, side by side: the estimate tokenizer as it is
     * (lengths counted by arithmetic, {@code PromptTokenizer.count}) and as it was (counted by making the ids), CPU time
     * and bytes allocated per prompt from the thread's own counters, over {@code -Dbench.prompts} (20,000) prompts
     * after as many to warm up, alternated over three rounds.
     */
    @Test
    void building_a_trace_length_prompt_costs_little_cpu_and_allocation() throws Exception {
        List<String> builtin = PromptDataset.builtin().stream().map(Prompt::text).toList();
        int n = Integer.getInteger("bench.prompts", 20_000);
        List<TraceEntry> rows = rows(n / RATE, 11);
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int round = 1; round <= 3; round++) {
            for (boolean counted : new boolean[] {true, false}) {
                EstimatePromptTokenizer estimate = new EstimatePromptTokenizer();
                io.joulebench.core.workload.PromptTokenizer tokenizer = counted ? estimate : new IdsCounted(estimate);
                ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(tokenizer, builtin, 43);
                for (int i = 0; i < rows.size(); i++) { // warm: the same work once
                    builder.build(i, new PromptRow(rows.get(i).inputTokens(), null, 512, 1));
                }
                builder = builder.withSeed(44);
                long tid = Thread.currentThread().threadId();
                long cpu0 = threads.getThreadCpuTime(tid);
                long bytes0 = threads.getThreadAllocatedBytes(tid);
                for (int i = 0; i < rows.size(); i++) {
                    builder.build(i, new PromptRow(rows.get(i).inputTokens(), null, 512, 1));
                }
                double cpuUs = (threads.getThreadCpuTime(tid) - cpu0) / 1e3 / rows.size();
                double kb = (threads.getThreadAllocatedBytes(tid) - bytes0) / 1024.0 / rows.size();
                System.out.printf("RESULT build round %d %-20s: %.1f us CPU and %.1f KB allocated per prompt"
                        + " (%d prompts of 900-1,100 tokens)%n", round, counted ? "counted (now)" : "ids made (before)",
                        cpuUs, kb, rows.size());
            }
        }
    }

    /** The estimate with its count made from the ids, as the builder counted before {@code count} existed. */
    private record IdsCounted(EstimatePromptTokenizer inner) implements io.joulebench.core.workload.PromptTokenizer {
        @Override
        public int[] tokenize(String text) {
            return inner.tokenize(text);
        }

        @Override
        public String detokenize(int[] ids) {
            return inner.detokenize(ids);
        }

        @Override
        public String label() {
            return inner.label();
        }

        @Override
        public boolean estimate() {
            return true;
        }
    }

    /** The arms: builtin prompts; trace-length prompts built by the look-ahead; the same lengths built beforehand. */
    private static final List<String> ARMS = List.of("builtin", "trace", "prebuilt");

    private static IssuerReport run(String arm, List<TraceEntry> rows, PromptShapes builtinShapes,
                                    TracePrompts tracePrompts, ExactLengthPromptBuilder exact,
                                    StreamingTransport transport) throws Exception {
        return switch (arm) {
            case "builtin" -> arm(builtinArm(builtinShapes, rows), transport);
            case "trace" -> arm(tracePrompts.replay(rows, 512, TraceReplaySource.builder().retainRecords(false)),
                    transport);
            default -> {
                List<RequestShape> shapes = new ArrayList<>(rows.size());
                for (int i = 0; i < rows.size(); i++) {
                    BuiltPrompt p = exact.build(i, new PromptRow(rows.get(i).inputTokens(), null, 512, 1));
                    Map<String, Object> body = PromptShapes.body("null", OpenAiEndpoint.COMPLETIONS, p.text());
                    body.put("max_tokens", 1);
                    shapes.add(new RequestShape(i, body));
                }
                yield arm(TraceReplaySource.builder().trace(rows).traceShapes((i, e) -> shapes.get(i))
                        .retainRecords(false).build(), transport);
            }
        };
    }

    private static double p99(IssuerReport r) {
        return r.dispatchLateness().p99Nanos();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static TrafficSource builtinArm(PromptShapes shapes, List<TraceEntry> rows) {
        return TraceReplaySource.builder().trace(rows).shapes(shapes).retainRecords(false).build();
    }

    private static IssuerReport arm(TrafficSource source, StreamingTransport transport) throws InterruptedException {
        return source.run(transport, DRAIN);
    }

    /** {@code seconds} of rows 1 ms apart, each asking one output token, input 900–1,100 tokens. */
    private static List<TraceEntry> rows(double seconds, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = (int) Math.round(seconds * RATE);
        List<TraceEntry> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new TraceEntry(i / RATE, random.nextInt(900, 1101), 1));
        }
        return out;
    }

    private static void print(int pair, String arm, IssuerReport r) {
        System.out.printf("RESULT round %d %-8s: issued %d, errors %d, timeouts %d, dispatch lateness p50 %.1f us"
                        + " p99 %.1f us max %.1f us, write lateness p50 %.1f us p99 %.1f us%n", pair, arm,
                r.issuedCount(), r.errorCount(), r.timeoutCount(), r.dispatchLateness().p50Nanos() / 1e3,
                r.dispatchLateness().p99Nanos() / 1e3, r.dispatchLateness().maxNanos() / 1e3,
                r.writeLateness().p50Nanos() / 1e3, r.writeLateness().p99Nanos() / 1e3);
    }
}
