package io.joulebench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.bench.IssuanceBench;
import io.joulebench.core.bench.StreamFidelity;
import io.joulebench.core.bench.TokenSchedule;
import io.joulebench.core.server.ServerTokenizer;
import io.joulebench.core.study.Prompt;
import io.joulebench.core.study.PromptDataset;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.HttpClientKind;
import io.joulebench.core.traffic.InvalidScheduleException;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.PacerPriority;
import io.joulebench.core.traffic.ScheduleSpec;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import io.joulebench.core.workload.ExactLengthPromptBuilder;
import io.joulebench.core.workload.PromptLookahead;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code joulebench bench issuance}: how faithfully one JVM keeps an open-loop schedule. */
@Command(name = "issuance", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Report how faithfully an open-loop schedule is kept.",
            "The schedule goes over the OpenAI streaming transport; the report gives the achieved rate,",
            "dispatch lateness (dispatched - scheduled) percentiles and the client's CPU use.",
            "Without --target an in-process null server is started (its CPU then counts as the client's).",
            "Against a streaming null server (bench null-server --tokens N --itl-ms MS, or --tokens here) it also",
            "reports per-token receipt lag (receipt - the chunk's t_send_ns), TTFT and ITL distortion, tokens/s and",
            "client CPU per token.",
            "With --prompt-tokens N every request carries a prompt of N tokens, built as a trace replay builds",
            "them, ahead of its instant, so the lateness of large bodies can be set beside the one-word prompt's."})
public final class BenchIssuanceCommand implements Callable<Integer> {

    /** The longest --prompt-tokens: about 400 KB a body, under the null server's 1 MiB request limit. */
    static final int MAX_PROMPT_TOKENS = 100_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--rate", paramLabel = "R", description = "Requests per second (> 0). Required.")
    String rate;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Length of the measured level (> 0). Required.")
    String duration;

    @Option(names = "--arrival", paramLabel = "PROCESS", defaultValue = "poisson",
            description = "poisson, gamma or constant (default: ${DEFAULT-VALUE}).")
    String arrival;

    @Option(names = "--burstiness", paramLabel = "CV", defaultValue = "1.0",
            description = "CV of the gaps for gamma (> 0, default ${DEFAULT-VALUE}).")
    String burstiness;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Schedule seed (default ${DEFAULT-VALUE}).")
    String seed;

    @Option(names = "--concurrency-cap", paramLabel = "N", description = "Max requests in flight (≥ 1; default none).")
    String cap;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "2",
            description = "Unreported traffic at the same rate first (≥ 0, default ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--jit-warmup", paramLabel = "N", defaultValue = "5000",
            description = "Requests sent first at up to 5000 req/s (cap 32) so the level runs compiled code "
                    + "(≥ 0, default ${DEFAULT-VALUE}; use 0 against a real LLM server).")
    String jitWarmup;

    @Option(names = "--target", paramLabel = "URL",
            description = "Server root, e.g. http://127.0.0.1:8000 (default: an in-process null server).")
    String target;

    @Option(names = "--transport", paramLabel = "KIND", defaultValue = "http",
            description = "http (the OpenAI streaming transport; default) or instant (no I/O: the issuer alone).")
    String transport;

    @Option(names = "--client", paramLabel = "CLIENT",
            description = "HTTP client of the http transport: jdk (java.net.http), http5 (Apache HttpClient 5 classic "
                    + "on the request's virtual thread) or nio (written at the instant from the pacer thread on a "
                    + "pre-opened connection; http:// only). Default: nio, or http5 for an https:// --target.")
    String client;

    @Option(names = "--tokens", paramLabel = "N",
            description = "In-process null server only: stream N token chunks per request (default: one, at once).")
    String tokens;

    @Option(names = "--itl-ms", paramLabel = "MS", description = "With --tokens: gap between token chunks in ms.")
    String itlMs;

    @Option(names = "--ttft-ms", paramLabel = "MS", description = "With --tokens: time to first token in ms "
            + "(default: --itl-ms).")
    String ttftMs;

    @Option(names = "--prompt-tokens", paramLabel = "N",
            description = "Send prompts of N tokens (1 to " + MAX_PROMPT_TOKENS + "; default: a one-word prompt), "
                    + "built from the builtin prompts by the trace replay's exact-length builder on a look-ahead "
                    + "thread and encoded before each instant. Tokens are the client-side estimate (4 characters each); a real "
                    + "server's count differs.")
    String promptTokens;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text or json (one line; default ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() throws IOException, InterruptedException {
        IssuanceBench.Settings settings = settings();
        String outputFormat = format.strip().toLowerCase(Locale.ROOT);
        if (!outputFormat.equals("text") && !outputFormat.equals("json")) {
            throw new UserInputException("--format must be text or json (got '" + format + "')");
        }
        IssuanceBench.Result result = IssuanceBench.run(settings);
        PrintWriter out = spec.commandLine().getOut();
        out.println(outputFormat.equals("json") ? json(result) : text(result));
        out.flush();
        return ExitCodes.OK;
    }

    private IssuanceBench.Settings settings() throws InterruptedException {
        BenchOptions.required("--rate", rate);
        BenchOptions.required("--duration", duration);
        double r = BenchOptions.positiveNumber("--rate", rate);
        double seconds = BenchOptions.positiveNumber("--duration", duration);
        ArrivalProcess process = BenchOptions.arrival("--arrival", arrival);
        double cv = BenchOptions.positiveNumber("--burstiness", burstiness);
        long s = BenchOptions.anyLong("--seed", seed);
        Integer n = cap == null ? null : BenchOptions.wholeNumber("--concurrency-cap", cap, 1, Integer.MAX_VALUE);
        double w = BenchOptions.nonNegativeNumber("--warmup", warmup);
        if ((seconds + w) * r * 1.2 > ArrivalSchedule.MAX_REQUESTS) {
            throw new UserInputException("--rate × --duration expects more than " + ArrivalSchedule.MAX_REQUESTS
                    + " requests");
        }
        String kind = transport.strip().toLowerCase(Locale.ROOT);
        if (!kind.equals("http") && !kind.equals("instant")) {
            throw new UserInputException("--transport must be http or instant (got '" + transport + "')");
        }
        if (kind.equals("instant") && target != null) {
            throw new UserInputException("--target cannot be combined with --transport instant");
        }
        int jit = BenchOptions.wholeNumber("--jit-warmup", jitWarmup, 0, 10_000_000);
        URI targetUri = targetUri();
        HttpClientKind httpClient;
        try {
            httpClient = client == null ? HttpClientKind.defaultFor(targetUri) : HttpClientKind.parse(client);
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--client must be jdk, http5 or nio (got '" + client + "')");
        }
        if (httpClient == HttpClientKind.NIO && targetUri != null && !"http".equals(targetUri.getScheme())) {
            throw new UserInputException("--client nio speaks plain http:// only (got --target " + target
                    + "); use --client http5 for https");
        }
        ScheduleSpec schedule;
        try {
            schedule = ScheduleSpec.ofHorizon(r, process, cv, s, seconds);
        } catch (InvalidScheduleException e) {
            throw new UserInputException(ScheduleCommand.optionOf(e.field()) + " " + e.problem());
        }
        TokenSchedule stream = BenchNullServerCommand.schedule(tokens, itlMs, ttftMs);
        if (stream != null && (target != null || kind.equals("instant"))) {
            throw new UserInputException("--tokens sets the in-process null server: it cannot be combined with "
                    + "--target or --transport instant (start bench null-server --tokens N --itl-ms MS instead)");
        }
        return new IssuanceBench.Settings(schedule, n, targetUri, w, jit, kind.equals("instant"), httpClient,
                stream, prompts(s));
    }

    /** The --prompt-tokens builder over the builtin prompts (estimate tokenizer: no server is asked), or null. */
    private IssuanceBench.Prompts prompts(long seed) throws InterruptedException {
        if (promptTokens == null) {
            return null;
        }
        int n = BenchOptions.wholeNumber("--prompt-tokens", promptTokens, 1, MAX_PROMPT_TOKENS);
        try {
            return new IssuanceBench.Prompts(new ExactLengthPromptBuilder(new EstimatePromptTokenizer(),
                    PromptDataset.builtin().stream().map(Prompt::text).toList(), seed), n);
        } catch (ServerTokenizer.Unavailable e) {
            throw new IllegalStateException("the estimate tokenizer asks no server", e);
        }
    }

    private URI targetUri() {
        if (target == null) {
            return null;
        }
        try {
            URI uri = new URI(target.strip());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new UserInputException("--target must be an http(s) URL such as http://127.0.0.1:8000 (got '"
                + target + "')");
    }

    static Map<String, Object> fields(IssuanceBench.Result r) {
        IssuerReport.LatencySummary l = r.lateness();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target_rate", r.targetRate());
        m.put("achieved_rate", round(r.achievedRate(), 2));
        m.put("issued", r.issued());
        m.put("completed", r.completed());
        m.put("errors", r.errors());
        m.put("retried", r.report().retriedCount());
        m.put("lateness_p50_us", micros(l.p50Nanos()));
        m.put("lateness_p99_us", micros(l.p99Nanos()));
        m.put("lateness_p999_us", micros(l.p999Nanos()));
        m.put("lateness_max_us", micros(l.maxNanos()));
        IssuerReport.LatencySummary w = r.report().writeLateness();
        m.put("write_lateness_p50_us", micros(w.p50Nanos()));
        m.put("write_lateness_p99_us", micros(w.p99Nanos()));
        m.put("write_lateness_p999_us", micros(w.p999Nanos()));
        m.put("write_lateness_max_us", micros(w.maxNanos()));
        m.put("client_cpu_pct", round(r.clientCpuPct(), 1));
        PacerPriority pacer = r.report().pacerPriority();
        m.put("pacer_realtime", pacer == null ? null : pacer.realtime());
        m.put("pacer_priority", pacer == null ? null : pacer.detail());
        PromptLookahead.Report prompts = r.prompts();
        m.put("prompt_tokens", r.promptTokens());
        m.put("prompts_late", prompts == null ? null : prompts.late());
        StreamFidelity.Summary f = r.fidelity();
        TokenSchedule server = r.serverSchedule();
        m.put("tokens_received", f.tokensReceived());
        m.put("tokens_per_s", round(f.tokensPerSecond(), 1));
        m.put("receipt_lag_p50_us", micros(f.receiptLag().p50Nanos()));
        m.put("receipt_lag_p99_us", micros(f.receiptLag().p99Nanos()));
        m.put("receipt_lag_p999_us", micros(f.receiptLag().p999Nanos()));
        m.put("receipt_lag_max_us", micros(f.receiptLag().maxNanos()));
        m.put("receipt_lag_negative", f.negativeReceiptLags());
        m.put("ttft_distortion_p50_us", micros(f.ttftDistortion().p50Nanos()));
        m.put("ttft_distortion_p99_us", micros(f.ttftDistortion().p99Nanos()));
        m.put("itl_distortion_p1_us", micros(f.itlDistortion().p1Nanos()));
        m.put("itl_distortion_p50_us", micros(f.itlDistortion().p50Nanos()));
        m.put("itl_distortion_p99_us", micros(f.itlDistortion().p99Nanos()));
        m.put("client_cpu_us_per_token", r.clientCpuMicrosPerToken() == null ? null
                : round(r.clientCpuMicrosPerToken(), 3));
        m.put("client_cpu_us_per_request", r.clientCpuMicrosPerRequest() == null ? null
                : round(r.clientCpuMicrosPerRequest(), 2));
        m.put("server_tokens", server == null ? null : server.tokens());
        m.put("server_ttft_ms", server == null ? null : server.ttftNanos() / 1e6);
        m.put("server_itl_ms", server == null ? null : server.itlNanos() / 1e6);
        m.put("error_kinds", f.errorKinds());
        return m;
    }

    private static String json(IssuanceBench.Result r) {
        try {
            return new ObjectMapper().writeValueAsString(fields(r));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write the result", e);
        }
    }

    private static String text(IssuanceBench.Result r) {
        IssuerReport.LatencySummary l = r.lateness();
        StreamFidelity.Summary f = r.fidelity();
        TokenSchedule server = r.serverSchedule();
        String streaming = String.format(Locale.ROOT, """

                tokens          %d received, %.1f tokens/s (first to last receipt), client cpu %s us/token, \
                %s us/request
                receipt lag     p50 %s us, p99 %s us, p99.9 %s us, max %s us (receipt - t_send_ns, %d of %d tokens \
                stamped by the server; %d negative)
                server schedule %s
                ttft distortion p50 %s us, p99 %s us (first receipt - scheduled instant - server ttft)
                itl distortion  p1 %s us, p50 %s us, p99 %s us (receipt gap - server itl)""",
                f.tokensReceived(), f.tokensPerSecond(), fixed(r.clientCpuMicrosPerToken(), 3),
                fixed(r.clientCpuMicrosPerRequest(), 2), micros(f.receiptLag().p50Nanos()),
                micros(f.receiptLag().p99Nanos()), micros(f.receiptLag().p999Nanos()),
                micros(f.receiptLag().maxNanos()), f.tokensWithSendTime(), f.tokensReceived(),
                f.negativeReceiptLags(),
                server == null ? "unknown (no streaming null server's /health)" : server.tokens() + " tokens, ttft "
                        + server.ttftNanos() / 1e6 + " ms, itl " + server.itlNanos() / 1e6 + " ms",
                micros(f.ttftDistortion().p50Nanos()), micros(f.ttftDistortion().p99Nanos()),
                micros(f.itlDistortion().p1Nanos()), micros(f.itlDistortion().p50Nanos()),
                micros(f.itlDistortion().p99Nanos()));
        String errorKinds = f.errorKinds().entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%nerror kind      %d x %s", e.getValue(), e.getKey()))
                .collect(Collectors.joining());
        return String.format(Locale.ROOT, """
                target          %s
                rate            %.1f req/s target, %.1f req/s achieved (issued / issuance duration)
                requests        %d issued, %d completed, %d errors, %d retried on a fresh connection
                lateness        p50 %s us, p99 %s us, p99.9 %s us, max %s us (dispatched - scheduled)
                write lateness  %s
                client cpu      %.1f %% of %d cores (%s)
                pacer thread    %s""",
                r.target(), r.targetRate(), r.achievedRate(), r.issued(), r.completed(), r.errors(),
                r.report().retriedCount(), micros(l.p50Nanos()), micros(l.p99Nanos()), micros(l.p999Nanos()), micros(l.maxNanos()),
                writeLateness(r.report().writeLateness()), r.clientCpuPct(), Runtime.getRuntime().availableProcessors(), r.cpuSource(),
                pacerDetail(r.report().pacerPriority()))
                + prompts(r) + errorKinds + streaming;
    }

    private static String pacerDetail(PacerPriority pacer) {
        return pacer == null ? "unknown" : pacer.detail();
    }

    /** The prompts line, with --prompt-tokens only. */
    private static String prompts(IssuanceBench.Result r) {
        PromptLookahead.Report p = r.prompts();
        return p == null ? "" : String.format(Locale.ROOT, "%nprompts         %d tokens each (%s), %d of %d not built "
                + "before their instant", r.promptTokens(), EstimatePromptTokenizer.LABEL, p.late(), p.taken());
    }

    /** Strict lateness, where the client wrote on the pacer thread (nio): none for other clients or unwritten requests. */
    private static String writeLateness(IssuerReport.LatencySummary w) {
        return w.count() == 0 ? "none (only --client nio writes on the pacer thread and measures it, for each request it wrote)"
                : String.format(Locale.ROOT, "p50 %s us, p99 %s us, p99.9 %s us, max %s us (write returned - scheduled)",
                micros(w.p50Nanos()), micros(w.p99Nanos()), micros(w.p999Nanos()), micros(w.maxNanos()));
    }

    private static String fixed(Double value, int digits) {
        return value == null ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    private static Double micros(Long nanos) {
        return nanos == null ? null : round(nanos / 1e3, 1);
    }

    private static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
