package io.joulebench.core.bench;

import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.OpenLoopSource;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.StreamingTransport;
import io.joulebench.core.traffic.Transport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.traffic.RequestListener;
import io.joulebench.core.workload.BuiltPrompt;
import io.joulebench.core.workload.ExactLengthPromptBuilder;
import io.joulebench.core.workload.PromptLookahead;
import io.joulebench.core.workload.PromptRow;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Measures how faithfully the open-loop issuer keeps a schedule against a (normally null) OpenAI-compatible server:
 * {@link OpenLoopSource} with records streamed, not kept, over a {@link StreamingTransport} on the chosen client. An optional warm-up
 * level at the same rate runs first (JIT, connection pool) and is not reported.
 *
 * <p>Streaming fidelity: the transport captures each chunk's {@code t_send_ns} and a {@link StreamFidelity} folds the
 * measured level's requests into receipt lag, TTFT and ITL distortion and tokens/s. The server's schedule comes from
 * the in-process server's settings or, for a {@code --target}, from its {@code GET /health} (the streaming null
 * server answers {@code tokens}, {@code ttft_ns}, {@code itl_ns}); unknown, the distortions stay empty.
 *
 * <p>Requests carry a one-word prompt, or with {@link Prompts} prompts of a given length built as a trace replay
 * builds them (issue 34: large bodies must not make issuance later).
 */
public final class IssuanceBench {

    /** The payload every request sends; the null server ignores it, a real server generates one token. */
    static final Map<String, Object> PAYLOAD = Map.of("model", "null", "prompt", "x", "max_tokens", 1);
    private static final ShapeSource SHAPES = index -> new RequestShape(index, PAYLOAD);
    private static final Duration DRAIN = Duration.ofSeconds(30);
    private static final double JIT_WARMUP_RATE = 5000;
    private static final int JIT_WARMUP_CAP = 32;
    private static final CompletionResult INSTANT = new CompletionResult(null, new long[] {0L}, 1, 1, "length");
    /** Prompts built ahead of the issuer, as a trace replay keeps them. */
    private static final int LOOKAHEAD = 512;
    private static final Duration FILL_WAIT = Duration.ofSeconds(5);

    /**
     * Prompts of {@code tokens} tokens each (as {@code builder}'s tokenizer counts them), built by the exact-length
     * builder of trace replays on its look-ahead thread while each level runs, each level with a seed of its own;
     * the payload is otherwise {@link #PAYLOAD}'s.
     */
    public record Prompts(ExactLengthPromptBuilder builder, int tokens) {

        public Prompts {
            Objects.requireNonNull(builder, "builder");
            if (tokens < 1) {
                throw new IllegalArgumentException("tokens must be >= 1 (got " + tokens + ")");
            }
        }

        PromptLookahead lookahead(long seed) {
            PromptRow row = new PromptRow(tokens, null, PromptRow.DEFAULT_BLOCK_SIZE, 1);
            return new PromptLookahead(builder.withSeed(seed), Stream.generate(() -> row).iterator(), LOOKAHEAD);
        }

        static RequestShape shape(BuiltPrompt prompt) {
            return new RequestShape(prompt.index(), Map.of("model", "null", "prompt", prompt.text(), "max_tokens", 1));
        }
    }

    /**
     * @param spec           the measured level's schedule
     * @param concurrencyCap max in flight, or null
     * @param target         the server root, or null for an in-process {@link NullServer}
     * @param warmupSeconds  seconds of unreported traffic at the same rate first (0 = none)
     * @param jitWarmupRequests requests sent first as fast as a cap of 32 allows (5,000 req/s), so the measured level
     *                       runs compiled code rather than the interpreter (0 = none)
     * @param instantTransport no HTTP at all: every send returns one token at once, to measure the issuer alone
     * @param client         the HTTP client the streaming transport runs on
     * @param stream         the in-process null server's streaming schedule, or null for one-token responses (only
     *                       without a target)
     * @param prompts        prompts of a given length, or null for {@link #PAYLOAD}'s one word
     */
    public record Settings(ScheduleSpec spec, Integer concurrencyCap, URI target, double warmupSeconds,
                           int jitWarmupRequests, boolean instantTransport, HttpClientKind client,
                           TokenSchedule stream, Prompts prompts) {

        public Settings(ScheduleSpec spec, Integer concurrencyCap, URI target, double warmupSeconds,
                        int jitWarmupRequests, boolean instantTransport, HttpClientKind client,
                        TokenSchedule stream) {
            this(spec, concurrencyCap, target, warmupSeconds, jitWarmupRequests, instantTransport, client, stream,
                    null);
        }

        public Settings(ScheduleSpec spec, Integer concurrencyCap, URI target, double warmupSeconds,
                        int jitWarmupRequests, boolean instantTransport, HttpClientKind client) {
            this(spec, concurrencyCap, target, warmupSeconds, jitWarmupRequests, instantTransport, client, null);
        }

        public Settings {
            Objects.requireNonNull(spec, "spec");
            Objects.requireNonNull(client, "client");
            if (!(warmupSeconds >= 0) || Double.isInfinite(warmupSeconds)) {
                throw new IllegalArgumentException("warmupSeconds must be ≥ 0 (got " + warmupSeconds + ")");
            }
            if (jitWarmupRequests < 0) {
                throw new IllegalArgumentException("jitWarmupRequests must be ≥ 0 (got " + jitWarmupRequests + ")");
            }
        }
    }

    /**
     * @param target         the URL driven, or "in-process null server at …"
     * @param achievedRate   issued / issuance duration (origin to the last issue)
     * @param completed      requests that ended OK
     * @param errors         requests that failed or timed out
     * @param clientCpuPct   process CPU time / wall time / cores × 100 over the measured level (drain included);
     *                       includes the null server when it runs in-process
     * @param clientCpuNanos the same CPU time in nanoseconds
     * @param serverSchedule the server's streaming schedule, or null when unknown or one-token
     * @param fidelity       receipt lag, distortions and tokens/s of the measured level
     * @param promptTokens   the tokens of each prompt ({@link Prompts}), or null for the one-word prompt
     * @param prompts        the measured level's prompts taken and how many were built late, or null for the
     *                       one-word prompt
     */
    public record Result(String target, double targetRate, double achievedRate, int issued, int completed,
                         int errors, IssuerReport.LatencySummary lateness, double clientCpuPct, String cpuSource,
                         IssuerReport report, long clientCpuNanos, TokenSchedule serverSchedule,
                         StreamFidelity.Summary fidelity, Integer promptTokens, PromptLookahead.Report prompts) {

        /** Client CPU per token received, in µs, or null when none arrived. */
        public Double clientCpuMicrosPerToken() {
            return fidelity.tokensReceived() == 0 ? null : clientCpuNanos / 1e3 / fidelity.tokensReceived();
        }

        /** Client CPU per request issued, in µs, or null when none was. */
        public Double clientCpuMicrosPerRequest() {
            return issued == 0 ? null : clientCpuNanos / 1e3 / issued;
        }
    }

    private IssuanceBench() {
    }

    public static Result run(Settings settings) throws IOException, InterruptedException {
        if (settings.instantTransport()) {
            return measure(settings, request -> INSTANT, "instant in-process transport (no HTTP)", null);
        }
        NullServer server = settings.target() == null ? NullServer.start(0, settings.stream()) : null;
        URI target = server != null ? URI.create(server.baseUrl()) : settings.target();
        TokenSchedule serverSchedule = server != null ? server.schedule() : probeSchedule(target);
        try (StreamingTransport transport = settings.client().builder()
                .baseUrl(target).keepText(false).captureSendTimes(true).readTimeout(Duration.ofSeconds(10)).build()) {
            return measure(settings, transport,
                    (server != null ? "in-process null server at " + target : target.toString())
                            + " via " + settings.client().label(), serverSchedule);
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /**
     * The streaming schedule a null server at {@code target} announces on {@code GET /health}, or null when it answers
     * none (another server, one-token mode, unreachable).
     */
    static TokenSchedule probeSchedule(URI target) throws InterruptedException {
        String base = target.toString().endsWith("/") ? target.toString() : target + "/";
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "health"))
                    .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parseSchedule(response.body()) : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The schedule in a streaming null server's health JSON, or null when it carries none. */
    static TokenSchedule parseSchedule(String healthJson) {
        try {
            JsonNode health = new ObjectMapper().readTree(healthJson);
            if (health != null && health.path("tokens").canConvertToInt() && health.path("ttft_ns").isIntegralNumber()
                    && health.path("itl_ns").isIntegralNumber()) {
                return new TokenSchedule(health.get("tokens").asInt(), health.get("ttft_ns").asLong(),
                        health.get("itl_ns").asLong());
            }
        } catch (IOException | IllegalArgumentException e) {
            // not a streaming null server
        }
        return null;
    }

    private static Result measure(Settings settings, Transport transport, String label, TokenSchedule serverSchedule)
            throws InterruptedException {
        ArrivalSchedule schedule = ArrivalSchedule.build(settings.spec());
        if (settings.jitWarmupRequests() > 0) {
            ScheduleSpec jit = ScheduleSpec.ofCount(JIT_WARMUP_RATE, ArrivalProcess.CONSTANT, 1.0, 0L,
                    settings.jitWarmupRequests());
            level(settings, ArrivalSchedule.build(jit), JIT_WARMUP_CAP, RequestListener.NONE, transport);
        }
        if (settings.warmupSeconds() > 0) {
            ScheduleSpec s = settings.spec();
            ScheduleSpec warm = ScheduleSpec.ofHorizon(s.rate(), s.arrival(), s.burstiness(),
                    schedule.seed() ^ 0x5DEECE66DL, settings.warmupSeconds());
            level(settings, ArrivalSchedule.build(warm), settings.concurrencyCap(), RequestListener.NONE, transport);
        }
        StreamFidelity fidelity = new StreamFidelity(serverSchedule);
        ProcessCpu cpu = ProcessCpu.start();
        LevelRun run = level(settings, schedule, settings.concurrencyCap(), fidelity, transport);
        IssuerReport report = run.report();
        double cpuPct = cpu.percentOfAllCores();
        long cpuNanos = cpu.cpuNanos();
        double issuanceSeconds = report.issuanceDurationNanos() / 1e9;
        int failed = report.errorCount() + report.timeoutCount();
        return new Result(label, settings.spec().rate(),
                issuanceSeconds > 0 ? report.issuedCount() / issuanceSeconds : 0.0,
                report.issuedCount(), report.completedCount() - report.errorCount(), failed,
                report.dispatchLateness(), cpuPct, ProcessCpu.SOURCE, report, cpuNanos, serverSchedule,
                fidelity.summary(), settings.prompts() == null ? null : settings.prompts().tokens(), run.prompts());
    }

    /** A level's report and, with {@link Prompts}, how its prompts were taken (else null). */
    private record LevelRun(IssuerReport report, PromptLookahead.Report prompts) {
    }

    /**
     * One level. With {@link Prompts}, its prompts are built ahead while it runs, with the schedule's seed, and the
     * level starts once the look-ahead is full (or after {@link #FILL_WAIT}), as a replay's prompts are built from its
     * plan on: so its first requests do not wait for the builder.
     */
    private static LevelRun level(Settings settings, ArrivalSchedule schedule, Integer cap, RequestListener listener,
                                  Transport transport) throws InterruptedException {
        OpenLoopSource.Builder source = OpenLoopSource.builder().schedule(schedule).concurrencyCap(cap)
                .listener(listener).retainRecords(false);
        if (settings.prompts() == null) {
            return new LevelRun(source.shapes(SHAPES).build().run(transport, DRAIN), null);
        }
        try (PromptLookahead ahead = settings.prompts().lookahead(schedule.seed())) {
            long deadline = System.nanoTime() + FILL_WAIT.toNanos();
            while (ahead.ready() < Math.min(LOOKAHEAD, schedule.count()) && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            IssuerReport report = source.shapes(ahead.shapes(Prompts::shape)).build().run(transport, DRAIN);
            return new LevelRun(report, ahead.report());
        }
    }
}
